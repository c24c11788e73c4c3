/**
 * `npm run dev`: the pages from Vite's development server, with hot reload, and the server's API
 * behind them. The server (`server/main.ts`) runs in a child process under `tsx watch`, restarted
 * when its code changes, on a port of its own on loopback; Vite forwards to it every address the
 * server answers itself (the API, sign-in, the forms' plain post, health), so a form sent from a
 * page in development is stored, mailed (to `DATA_DIR/mail`) and shown in the administration like
 * in production. The server's links in e-mails point at Vite's address.
 */
import { spawn } from "node:child_process";
import { createServer, type ProxyOptions } from "vite";
import { paths } from "#shared/routes";

/** The addresses the Node server answers and Vite does not. */
export const serverPrefixes = ["/api", "/auth/v1", paths.formPost, "/healthz", "/metrics"];

/** Vite's `server.proxy` for those addresses, towards the server on `apiPort`. */
export function proxyToServer(apiPort: number): Record<string, ProxyOptions> {
  const target = `http://127.0.0.1:${apiPort}`;
  return Object.fromEntries(
    serverPrefixes.map((prefix) => [
      // The prefix alone or followed by a slash or a query: `/api` but not `/apiary`.
      `^${prefix.replaceAll("/", "\\/")}(?:[/?]|$)`,
      // The client's address reaches the server's rate limits as it would through a proxy.
      { target, xfwd: true },
    ]),
  );
}

type DevOptions = { port: number; apiPort: number; env: NodeJS.ProcessEnv };

/** Starts both; Vite stops both on SIGTERM or Ctrl+C. */
export async function startDev({ port, apiPort, env }: DevOptions) {
  const api = spawn("node_modules/.bin/tsx", ["watch", "--clear-screen=false", "server/main.ts"], {
    stdio: "inherit",
    env: {
      ...env,
      PORT: String(apiPort),
      HOST: "127.0.0.1",
      // Vite passes X-Forwarded-For: the server reads each visitor's address from it.
      TRUST_PROXY: "true",
      SITE_URL: env.SITE_URL ?? `http://localhost:${port}`,
    },
  });
  // However this process ends (Ctrl+C, SIGTERM, which Vite answers by exiting, an error), the
  // server is told to stop: `tsx watch` passes SIGTERM on and waits for it to close its database.
  process.once("exit", () => api.kill("SIGTERM"));
  const vite = await createServer({
    server: { port, strictPort: true, proxy: proxyToServer(apiPort) },
  });
  await vite.listen();
  vite.printUrls();
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const port = Number(process.env.PORT ?? 5173);
  const apiPort = Number(process.env.DEV_API_PORT ?? port + 1);
  await startDev({ port, apiPort, env: process.env });
  process.once("SIGINT", () => process.exit(0));
}
