import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleContact } from "#testing/sample-submissions";
import {
  findFreePort,
  type ServerProcess,
  spawnServerProcess,
  waitUntilAnswering,
} from "#testing/server-process";

/** The finished .eml files (a file being written has another name until it is whole). */
async function listMail(mailDir: string) {
  return (await readdir(mailDir).catch(() => [])).filter((file) => file.endsWith(".eml"));
}

describe("npm run dev", () => {
  let dataDir: string;
  let dev: ServerProcess;
  let port: number;
  let apiPort: number;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "dev-"));
    port = await findFreePort();
    apiPort = await findFreePort();
    dev = spawnServerProcess({
      entry: "scripts/dev.ts",
      env: {
        PORT: String(port),
        DEV_API_PORT: String(apiPort),
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        SMTP_URL: "",
      },
    });
    // Through Vite's port: it answers only once Vite forwards to a server that answers.
    await waitUntilAnswering(dev, "/healthz", 120_000);
  }, 150_000);

  afterAll(async () => {
    await dev?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("serves the pages from Vite, with its hot-reload client", { timeout: 60_000 }, async () => {
    const page = await (await fetch(`${dev.baseUrl}/`)).text();
    expect(page).toContain('<html lang="cs"');
    expect(page).toContain("virtual:react-router/inject-hmr-runtime");
  });

  it("sends a form through to the server, which stores and mails it", {
    timeout: 30_000,
  }, async () => {
    const response = await fetch(`${dev.baseUrl}/api/form-submissions`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(sampleContact),
    });
    expect(response.status).toBe(201);
    // The server writes the e-mails into the data folder's mail folder (no SMTP_URL).
    const mailDir = join(dataDir, "mail");
    await expect
      .poll(async () => (await listMail(mailDir)).length, { timeout: 20_000 })
      .toBeGreaterThanOrEqual(2);
    const mails = await Promise.all(
      (await listMail(mailDir)).map((file) => readFile(join(mailDir, file), "utf8")),
    );
    // Its links lead to the pages Vite serves, not to the public domain.
    expect(mails.join("\n")).toContain(`http://localhost:${port}`);
    expect(mails.join("\n")).not.toContain("harmonieprirody.cz/");
  });

  it("answers the sign-in API and refuses a wrong form in the server's own words", async () => {
    const user = await fetch(`${dev.baseUrl}/auth/v1/user`);
    expect(user.status).toBe(401);
    const refused = await fetch(`${dev.baseUrl}/api/form-submissions`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect(refused.status).toBe(422);
    expect((await refused.json()).error.code).toBe("validation_failed");
  });

  it("stops the server with itself", async () => {
    await dev.stop();
    // The server closes its database first, then the port.
    await expect
      .poll(
        () =>
          fetch(`http://127.0.0.1:${apiPort}/healthz`).then(
            () => "answers",
            () => "gone",
          ),
        {
          timeout: 15_000,
        },
      )
      .toBe("gone");
  }, 30_000);
});
