/**
 * `GET /metrics` in the Prometheus text format (prom-client). What the
 * outbox and the submissions hold is read from the database at each scrape,
 * so every server of one PostgreSQL reports the same, and a restart loses
 * nothing; request and mail timings are this process's own (Prometheus sums
 * them over servers). docs/operations.md says what to alert on.
 */
import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { type DatabaseHandle, rowsOf } from "#database/open-database";
import { ApiError } from "./api-error";
import { requireBearerToken } from "./bearer-token";
import { countUnsentMail, oldestPendingMailAgeSeconds } from "./mail/outbox";
import type { RequestObserver } from "./request-log";

export type MailSendResult = "sent" | "error";

export type Metrics = {
  registry: Registry;
  observeRequest: RequestObserver;
  observeMailSend(result: MailSendResult, seconds: number): void;
};

/**
 * `processMetrics` adds prom-client's process and Node.js metrics (memory,
 * CPU, event-loop delay): the server's one registry has them, while the many
 * apps a test run builds do without their observers.
 */
export function createMetrics(
  database: DatabaseHandle,
  { processMetrics = false }: { processMetrics?: boolean } = {},
): Metrics {
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry });

  const httpDuration = new Histogram({
    name: "harmonie_http_request_duration_seconds",
    help: "HTTP requests by method, route pattern and status, and how long they took.",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const mailDuration = new Histogram({
    name: "harmonie_mail_send_duration_seconds",
    help: "Attempts to send an e-mail of the outbox, by result (sent, error), and how long each took.",
    labelNames: ["result"] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [registry],
  });

  new Gauge({
    name: "harmonie_form_submissions",
    help: "Form submissions stored, by form type.",
    labelNames: ["form_type"] as const,
    registers: [registry],
    async collect() {
      const rows = await rowsOf<{ form_type: string; count: number }>(
        database.db,
        sql`select form_type, count(*)::int as count from form_submissions group by form_type`,
      );
      this.reset();
      for (const row of rows) this.set({ form_type: row.form_type }, Number(row.count));
    },
  });
  new Gauge({
    name: "harmonie_mail_outbox",
    help: "E-mails in the outbox waiting to be sent (pending) or given up on (failed).",
    labelNames: ["status"] as const,
    registers: [registry],
    async collect() {
      const { pending, failed } = await countUnsentMail(database.db);
      this.set({ status: "pending" }, pending);
      this.set({ status: "failed" }, failed);
    },
  });
  new Gauge({
    name: "harmonie_mail_outbox_oldest_pending_seconds",
    help: "How long the oldest e-mail still waiting has waited (0 when none waits).",
    registers: [registry],
    async collect() {
      this.set(await oldestPendingMailAgeSeconds(database.db));
    },
  });
  new Gauge({
    name: "harmonie_database_pool_connections",
    help: "Database connections of this server by state: in use, idle, and requests waiting for one (PostgreSQL; the embedded database has one).",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const pool = database.poolStatus();
      this.set({ state: "in_use" }, pool.total - pool.idle);
      this.set({ state: "idle" }, pool.idle);
      this.set({ state: "waiting" }, pool.waiting);
    },
  });

  return {
    registry,
    observeRequest({ method, route, status, seconds }) {
      httpDuration.observe({ method, route, status: String(status) }, seconds);
    },
    observeMailSend(result, seconds) {
      mailDuration.observe({ result }, seconds);
    },
  };
}

/**
 * The route: with no token configured it does not exist (404), so metrics
 * are never public by mistake; with one, only its bearer is answered.
 */
export function createMetricsRoute({
  metrics,
  token,
}: {
  metrics: Metrics;
  token: string | undefined;
}) {
  const route = new Hono();
  if (!token) {
    route.all("/", () => {
      throw new ApiError(404, "not_found", "Tato adresa neexistuje.");
    });
    return route;
  }
  route.use(requireBearerToken(token));
  route.get("/", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.body(await metrics.registry.metrics(), 200, {
      "Content-Type": metrics.registry.contentType,
    });
  });
  return route;
}
