import { Hono } from "hono";
import { compress } from "hono/compress";
import { createStaticSite } from "./static-site";

export type AppDependencies = {
  clientDir: string;
};

/** Builds the whole HTTP app from its dependencies; `main.ts` only listens. */
export function createApp({ clientDir }: AppDependencies) {
  const app = new Hono();
  app.use(compress());
  app.route("/", createStaticSite(clientDir));
  app.onError((error, c) => {
    console.error("Unhandled error", error);
    return c.json({ error: { code: "internal_error", message: "Internal server error" } }, 500);
  });
  return app;
}
