import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { describe, expect, it } from "vitest";
import { handleError } from "./api-error";
import { beforeTheGuard, createGuardedApp } from "./guarded-app";
import { limitBody } from "./json-route";

/** A parent with a guarded sub-app at /api beside public routes under the same path. */
function buildParent({ subAppErrorHandler = false } = {}) {
  const asked: string[] = [];
  const guard = createMiddleware<{ Variables: { who: string } }>(async (c, next) => {
    asked.push(`${c.req.method} ${c.req.path}`);
    if (c.req.header("Authorization") !== "Bearer ok") return c.json({ refused: true }, 401);
    c.set("who", "admin");
    await next();
  });
  const nested = new Hono<{ Variables: { who: string } }>().get("/nested/:id", (c) =>
    c.json({ nested: c.req.param("id"), who: c.get("who") }),
  );
  let counted = 0;
  const countBody = limitBody(10);
  const guarded = createGuardedApp(guard)
    .get("/things", (c) => c.json({ things: [], who: c.get("who") }))
    .delete(
      "/things/:id",
      beforeTheGuard((c, next) => {
        counted++;
        return countBody(c, next);
      }),
      (c) => c.body(null, 204),
    )
    .route("/", nested);
  if (subAppErrorHandler) guarded.onError(handleError);
  const parent = new Hono()
    .post("/api/things", (c) => c.json({ public: true }, 201))
    .route("/api", guarded)
    .get("/api/open", (c) => c.json({ open: true }))
    .all("/api/*", (c) => c.json({ notFound: true }, 404));
  parent.onError(handleError);
  return { parent, asked, counted: () => counted };
}

describe("a guarded sub-app", () => {
  for (const subAppErrorHandler of [false, true]) {
    describe(subAppErrorHandler ? "with an error handler of its own" : "as it is", () => {
      it("puts its one guard before each of its routes, nested ones too", async () => {
        const { parent, asked } = buildParent({ subAppErrorHandler });
        for (const [method, path] of [
          ["GET", "/api/things"],
          ["HEAD", "/api/things"],
          ["DELETE", "/api/things/7"],
          ["GET", "/api/nested/5"],
        ] as const) {
          expect((await parent.request(path, { method })).status, `${method} ${path}`).toBe(401);
        }
        expect(asked).toHaveLength(4);
        const allowed = await parent.request("/api/nested/5", {
          headers: { Authorization: "Bearer ok" },
        });
        expect(await allowed.json()).toEqual({ nested: "5", who: "admin" });
      });

      it("runs a route's middleware marked to come first before the guard, and once", async () => {
        const { parent, asked, counted } = buildParent({ subAppErrorHandler });
        const sizeable = await parent.request("/api/things/7", {
          method: "DELETE",
          headers: { "Content-Type": "application/json", "Content-Length": "20" },
          body: "12345678901234567890",
        });
        expect(sizeable.status).toBe(413);
        expect(asked).toEqual([]);
        const small = await parent.request("/api/things/7", { method: "DELETE" });
        expect(small.status).toBe(401);
        expect(asked).toEqual(["DELETE /api/things/7"]);
        const allowed = await parent.request("/api/things/7", {
          method: "DELETE",
          headers: { Authorization: "Bearer ok" },
        });
        expect(allowed.status).toBe(204);
        expect(counted()).toBe(3);
      });

      it("leaves the routes beside it and addresses no route serves to themselves", async () => {
        const { parent, asked } = buildParent({ subAppErrorHandler });
        expect((await parent.request("/api/things", { method: "POST" })).status).toBe(201);
        expect((await parent.request("/api/open")).status).toBe(200);
        expect((await parent.request("/api/nothing")).status).toBe(404);
        expect((await parent.request("/api/things/7/more", { method: "PUT" })).status).toBe(404);
        expect(asked).toEqual([]);
      });
    });
  }
});
