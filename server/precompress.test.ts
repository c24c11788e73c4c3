import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "#database/open-database";
import { createFixedPages } from "#testing/fixed-pages";
import { createTestApp } from "#testing/test-app";
import { openTimeoutMs } from "#testing/test-databases";
import { precompressFiles, precompressMinimumBytes } from "./precompress";

/** A script the size of a real chunk, repetitive as code is. */
const script = Array.from(
  { length: 400 },
  (_, index) => `export const part${index} = () => "část ${index}";`,
).join("\n");
const inline = 'document.documentElement.dataset.ready = "ano";';
const page = `<!doctype html><html lang="cs"><body>${"<p>Harmonie přírody</p>".repeat(200)}<script>${inline}</script></body></html>`;
const picture = Buffer.alloc(4096, 7);

describe("the build's text files and the stored pages, compressed once and served as they are", () => {
  let buildDir: string;
  let clientDir: string;
  let database: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>;

  beforeAll(async () => {
    buildDir = await mkdtemp(join(tmpdir(), "precompress-"));
    clientDir = join(buildDir, "client");
    await mkdir(join(clientDir, "assets"), { recursive: true });
    await mkdir(join(clientDir, "about"), { recursive: true });
    await writeFile(join(clientDir, "assets", "app-1a2b3c.js"), script);
    await writeFile(join(clientDir, "assets", "tiny-4d5e6f.js"), "export const a = 1;");
    await writeFile(join(clientDir, "about", "index.html"), page);
    await writeFile(join(clientDir, "photo.png"), picture);
    await precompressFiles(clientDir);
    database = await openDatabase({ dataDir: "memory" });
    // A page comes from the page store (server/pages/), finished by the renderer's own `finish`.
    const pages = await createFixedPages({ "/about": page });
    app = createTestApp(database, { settings: { BUILD_DIR: buildDir }, pages });
  }, openTimeoutMs);
  afterAll(async () => {
    await database?.close();
    await rm(buildDir, { recursive: true, force: true });
  });

  it("writes a .br and a .gz beside each text file worth it, and nothing beside a tiny one or a picture", () => {
    for (const file of ["assets/app-1a2b3c.js", "about/index.html"]) {
      expect(existsSync(join(clientDir, `${file}.br`)), `${file}.br`).toBe(true);
      expect(existsSync(join(clientDir, `${file}.gz`)), `${file}.gz`).toBe(true);
    }
    expect("export const a = 1;".length).toBeLessThan(precompressMinimumBytes);
    for (const file of ["assets/tiny-4d5e6f.js", "photo.png"]) {
      expect(existsSync(join(clientDir, `${file}.br`)), `${file}.br`).toBe(false);
      expect(existsSync(join(clientDir, `${file}.gz`)), `${file}.gz`).toBe(false);
    }
  });

  it("serves Brotli to a browser that takes it: the same bytes, once compressed, smaller than gzip", async () => {
    const response = await app.request("/assets/app-1a2b3c.js", {
      headers: { "Accept-Encoding": "gzip, deflate, br, zstd" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Encoding")).toBe("br");
    expect(response.headers.get("Vary")).toContain("Accept-Encoding");
    expect(response.headers.get("Content-Type")).toMatch(/^text\/javascript/);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const body = Buffer.from(await response.arrayBuffer());
    expect(brotliDecompressSync(body).toString()).toBe(script);

    const gzipped = await app.request("/assets/app-1a2b3c.js", {
      headers: { "Accept-Encoding": "gzip" },
    });
    expect(gzipped.headers.get("Content-Encoding")).toBe("gzip");
    const gzipBody = Buffer.from(await gzipped.arrayBuffer());
    expect(gunzipSync(gzipBody).toString()).toBe(script);
    expect(body.length).toBeLessThan(gzipBody.length);
  });

  it("serves a page compressed, revalidated on every visit, its inline script allowed by its hash", async () => {
    const hash = `'sha256-${createHash("sha256").update(inline).digest("base64")}'`;
    for (const encoding of ["br", "gzip", "identity"]) {
      const response = await app.request("/about", { headers: { "Accept-Encoding": encoding } });
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
      expect(response.headers.get("Cache-Control")).toBe("no-cache");
      expect(response.headers.get("Content-Security-Policy")).toContain(
        `script-src 'self' ${hash}`,
      );
      const body = Buffer.from(await response.arrayBuffer());
      if (encoding === "br") {
        expect(response.headers.get("Content-Encoding")).toBe("br");
        expect(brotliDecompressSync(body).toString()).toBe(page);
      } else if (encoding === "gzip") {
        expect(response.headers.get("Content-Encoding")).toBe("gzip");
        expect(gunzipSync(body).toString()).toBe(page);
      } else {
        expect(response.headers.get("Content-Encoding")).toBeNull();
        expect(body.toString()).toBe(page);
      }
    }
  });

  it("serves the file itself to a client that takes no compression", async () => {
    const response = await app.request("/assets/app-1a2b3c.js", {
      headers: { "Accept-Encoding": "identity" },
    });
    expect(response.headers.get("Content-Encoding")).toBeNull();
    expect(await response.text()).toBe(script);
    const picture = await app.request("/photo.png", { headers: { "Accept-Encoding": "br" } });
    expect(picture.headers.get("Content-Encoding")).toBeNull();
    expect(Buffer.from(await picture.arrayBuffer())).toEqual(Buffer.alloc(4096, 7));
  });
});
