import { Hono } from "hono";

/** `GET /healthz`: 200 when the database answers, 503 when it does not. */
export function createHealthRoute(isDatabaseHealthy: () => Promise<boolean>) {
  const route = new Hono();
  route.get("/", async (c) => {
    c.header("Cache-Control", "no-store");
    return (await isDatabaseHealthy())
      ? c.json({ status: "ok", database: "ok" })
      : c.json({ status: "unavailable", database: "unreachable" }, 503);
  });
  return route;
}
