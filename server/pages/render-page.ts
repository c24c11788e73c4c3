/**
 * The one page renderer: any address of the site through React Router's server build, finished
 * as the visitor gets it. An HTML page's module script moves into its start file
 * (web/progressive/page-scripts.server.ts), its Content-Security-Policy is computed from its
 * final inline scripts, and every text body is compressed once, with Brotli at its best and
 * gzip, so serving it does none of this (docs/decisions/0020-page-renderer-and-store.md).
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { createRequestHandler } from "react-router";
import { startOnFirstInput } from "~/progressive/page-scripts.server";
import { summarizeError } from "../error-summary";
import { precompressMinimumBytes } from "../precompress";
import { contentSecurityPolicy } from "../security-headers";
import type { PageBuild } from "./page-build";

/** One finished answer of the page store: a page, its data, its start file or a generated file. */
export type PageEntry = {
  /** The address it answers, or a shell's or not-found variant's key (site-pages.ts). */
  path: string;
  status: number;
  contentType: string;
  contentSecurityPolicy: string | null;
  body: Buffer;
  brotli: Buffer | null;
  gzip: Buffer | null;
  etag: string;
};

/** What to render: the address the router sees, and the key it is stored under. */
export type PageTarget = {
  key: string;
  url: string;
  /** A page that is nothing without its scripts, or must log at once: it starts when loaded. */
  startsAtOnce?: boolean;
  /** The status to store, whatever the route answered (the not-found page is a 404). */
  status?: number;
};

/** What route loaders read while a page renders (the content helper adds `content`). */
export type PageLoadContext = Record<string, unknown>;

/** A render that must not go live, with the reasons, in the words of the errors. */
export class RenderError extends Error {
  constructor(
    readonly path: string,
    readonly reasons: string[],
    /** The first error behind the reasons, for what it says of the database (database-errors.ts). */
    cause?: unknown,
  ) {
    super(`${path}: ${reasons.join("; ") || "the page could not be rendered"}`, { cause });
    this.name = "RenderError";
  }
}

/** The load context key entry.server.tsx's `handleError` reports a loader's or a render's error to. */
export const reportRenderErrorKey = "reportRenderError";

export type PageRendererDependencies = {
  pageBuild: () => Promise<PageBuild>;
  /** What loaders read at render time; called once per render. */
  getLoadContext?: () => PageLoadContext | Promise<PageLoadContext>;
};

export type PageRenderer = ReturnType<typeof createPageRenderer>;

export function createPageRenderer({
  pageBuild,
  getLoadContext = () => ({}),
}: PageRendererDependencies) {
  let handler: Promise<ReturnType<typeof createRequestHandler>> | undefined;

  /**
   * The entries of one target: its answer and, for an HTML page, its start file. A 404 of a
   * target that expected a page comes back as `undefined` (the page is gone); an error throws
   * a `RenderError`.
   */
  async function render(
    target: PageTarget,
    loadContext?: PageLoadContext,
    compression: Compression = "best",
  ): Promise<PageEntry[] | undefined> {
    const reasons: string[] = [];
    const errors: unknown[] = [];
    const context: PageLoadContext = {
      ...(loadContext ?? (await getLoadContext())),
      [reportRenderErrorKey]: (error: unknown) => {
        errors.push(error);
        reasons.push(explain(error));
      },
    };
    let response: Response;
    try {
      handler ??= pageBuild().then(({ build }) => createRequestHandler(build, "production"));
      response = await (await handler)(new Request(new URL(target.url, origin)), context as never);
    } catch (error) {
      throw new RenderError(target.url, [explain(error), ...reasons], error);
    }
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status >= 500 || reasons.length > 0) {
      throw new RenderError(
        target.url,
        reasons.length > 0 ? reasons : [`HTTP ${response.status}`],
        errors[0],
      );
    }
    if (response.status >= 300 && response.status < 400) {
      throw new RenderError(target.url, [`redirects to ${response.headers.get("Location")}`]);
    }
    if (response.status === 404 && target.status === undefined) return undefined;
    const status = target.status ?? response.status;
    const contentType = response.headers.get("Content-Type") ?? "application/octet-stream";
    if (!contentType.startsWith("text/html")) {
      return [await finish({ path: target.key, status, contentType, body }, compression)];
    }
    const page = startOnFirstInput(body.toString("utf8"), { atOnce: target.startsAtOnce ?? false });
    return Promise.all([
      finish(
        {
          path: target.key,
          status,
          contentType: "text/html; charset=UTF-8",
          body: Buffer.from(page.html),
          contentSecurityPolicy: contentSecurityPolicy(page.html),
        },
        compression,
      ),
      finish(
        {
          path: page.start.path,
          status: 200,
          contentType: "text/javascript; charset=utf-8",
          body: Buffer.from(page.start.body),
        },
        compression,
      ),
    ]);
  }

  /**
   * React Router's answer to a browser asking which routes a path has (`/__manifest`, lazy route
   * discovery): the routes' module names from the build, nothing rendered, no loader run. With
   * it, each page carries the routes it shows, not the whole site's (about 2.5 KiB gzip less
   * JavaScript at the first input).
   */
  async function answerManifest(request: Request): Promise<Response> {
    handler ??= pageBuild().then(({ build }) => createRequestHandler(build, "production"));
    return (await handler)(request, {} as never);
  }

  return { render, answerManifest };
}

// The router needs an absolute URL; pages link with paths and the site's address (shared/site.ts).
const origin = "http://localhost";

/** A reason for the log and the publish's answer: never a failed query's text or values. */
function explain(error: unknown): string {
  if (error instanceof Error) return summarizeError(error);
  if (error instanceof Response) return `HTTP ${error.status} ${error.statusText}`.trim();
  return String(error);
}

/**
 * How hard Brotli works. "best" (quality 11) for the build's full render; "quick" (quality 6)
 * for a publish, which she waits for: on the 2-core machine the home page's 200 KB took 855 ms
 * at 11 and 13 ms at 6, for 11 % more bytes (28.7 → 31.9 KB). A published page is compressed
 * at its best afterwards (`pages.ts`, `polish`), with the same ETag.
 */
export type Compression = "best" | "quick";

const brotliQuality = { best: constants.BROTLI_MAX_QUALITY, quick: 6 } as const;

/** Compressed once; the same bytes (a page unchanged by a publish) are never compressed again. */
const compressedBodies = new Map<string, Promise<[Buffer | null, Buffer | null]>>();
const compressedBodiesKept = 500;

/** A finished entry: its ETag, and its Brotli and gzip when they save a packet. */
export async function finish(
  entry: Omit<PageEntry, "etag" | "brotli" | "gzip" | "contentSecurityPolicy"> & {
    contentSecurityPolicy?: string;
  },
  compression: Compression = "best",
): Promise<PageEntry> {
  const digest = createHash("sha256").update(entry.body).digest("base64url");
  // Bytes already compressed at their best are never compressed worse.
  let compressed =
    compressedBodies.get(`best ${digest}`) ?? compressedBodies.get(`${compression} ${digest}`);
  if (!compressed) {
    compressed = compress(entry.body, entry.contentType, compression);
    if (compressedBodies.size >= compressedBodiesKept) compressedBodies.clear();
    compressedBodies.set(`${compression} ${digest}`, compressed);
  }
  const [brotli, gzipped] = await compressed;
  return {
    ...entry,
    contentSecurityPolicy: entry.contentSecurityPolicy ?? null,
    brotli,
    gzip: gzipped,
    etag: `"${digest.slice(0, 27)}"`,
  };
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function compress(
  body: Buffer,
  contentType: string,
  compression: Compression,
): Promise<[Buffer | null, Buffer | null]> {
  if (body.length < precompressMinimumBytes || !isText(contentType)) return [null, null];
  return Promise.all([
    brotliAsync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: brotliQuality[compression],
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
  ]);
}

function isText(contentType: string): boolean {
  return /^(?:text\/|application\/(?:json|xml|rss\+xml|manifest\+json|javascript))/.test(
    contentType,
  );
}
