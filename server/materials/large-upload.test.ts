/**
 * A 300 MiB upload, streamed over real HTTP into each database's store,
 * with the process's memory sampled throughout: it must grow by less than
 * 64 MiB (a fifth of the file; holding the file would take 300 MiB or more).
 * The client is curl in a process of its own, so what grows is the server.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminMaterial } from "#shared/materials";
import { mp4Head } from "#testing/sample-media";
import { createSignedInAccount } from "#testing/test-accounts";
import { startTestServer, type TestServer } from "#testing/test-app";
import { openTimeoutMs, testDatabases } from "#testing/test-databases";

const fileBytes = 300 * 1024 * 1024;
const pieceBytes = 64 * 1024;
const memoryBoundBytes = 64 * 1024 * 1024;
/** Streaming 300 MiB into PostgreSQL on a busy 2-core machine: up to a minute or two. */
const uploadTimeoutMs = 300_000;

/**
 * Uploads 300 MiB (an MP4 head, then zeros) with curl, streamed from a pipe:
 * the client is another process, so this process's memory is the server's.
 */
async function curlUpload(url: string, token: string): Promise<{ status: number; body: string }> {
  const script =
    `(printf '\\000\\000\\000\\030ftypmp42'; head -c ${fileBytes - mp4Head.length} /dev/zero) | ` +
    `curl -sS -X PUT -T - -H "Authorization: Bearer ${token}" -H "Content-Type: video/mp4" ` +
    `-H "Transfer-Encoding: chunked" -w '\\n%{http_code}' "${url}"`;
  const child = spawn("bash", ["-c", script], { stdio: ["ignore", "pipe", "inherit"] });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (text: string) => {
    output += text;
  });
  await once(child, "close");
  const at = output.lastIndexOf("\n");
  return { status: Number(output.slice(at + 1)), body: output.slice(0, at) };
}

describe.each(testDatabases)("a 300 MiB upload on $name", ({ open }) => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startTestServer({ open, settings: { ADMIN_REQUIRE_2FA: "false" } });
    admin = await createSignedInAccount(server, "spravkyne@example.cz", "admin");
  }, openTimeoutMs);

  // Closing drops the test's PostgreSQL database, 300 MiB of it: seconds on a busy disk.
  afterAll(async () => {
    await server?.close();
  }, openTimeoutMs);

  it(
    `is stored whole while the process grows by less than ${memoryBoundBytes / 1024 / 1024} MiB`,
    async () => {
      const created = await fetch(`${server.origin}/api/admin/materials`, {
        method: "POST",
        headers: { Authorization: `Bearer ${admin}`, "Content-Type": "application/json" },
        body: JSON.stringify({ title: "Dlouhé video", place: "members" }),
      });
      const { material } = (await created.json()) as { material: AdminMaterial };

      const baseline = process.memoryUsage.rss();
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage.rss());
      }, 10);
      const uploaded = await curlUpload(
        `${server.origin}/api/admin/materials/${material.id}/file`,
        admin,
      );
      clearInterval(sampler);
      expect(uploaded.status).toBe(200);
      const stored = (JSON.parse(uploaded.body) as { material: AdminMaterial }).material;
      expect(stored.size).toBe(fileBytes);

      const growth = peak - baseline;
      console.log(`300 MiB upload: peak memory growth ${(growth / 1024 / 1024).toFixed(1)} MiB`);
      expect(growth).toBeLessThan(memoryBoundBytes);

      // Its last bytes are served from where they were stored.
      const tail = await fetch(`${server.origin}${stored.url}`, {
        headers: { Range: `bytes=${fileBytes - pieceBytes}-` },
      });
      expect(tail.status).toBe(206);
      const bytes = new Uint8Array(await tail.arrayBuffer());
      expect(bytes.length).toBe(pieceBytes);
      expect(bytes.every((byte) => byte === 0)).toBe(true);
    },
    uploadTimeoutMs,
  );
});
