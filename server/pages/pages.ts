/**
 * The pages of the site: rendered by the one renderer (render-page.ts) into the page store
 * (page-store.ts) and served from this process's copy of it. A full render runs once per build
 * (`ensureRendered`), a publish re-renders the pages a change touches (`publish`), and each
 * server on PostgreSQL picks up another's writes within a second (`watch`).
 */
import type { DatabaseHandle } from "#database/open-database";
import { everyPage } from "#shared/content/content-items";
import { serviceChoices } from "#shared/content/service-choices";
import { paths, scentGuidePdfKey } from "#shared/routes";
import { readContent } from "~/lib/content.server";
import { typesetGuide } from "~/lib/scent-guide";
import { renderScentGuidePdf } from "~/lib/scent-guide-pdf.server";
import { siteFilePaths } from "~/lib/site-files";
import { summarizeError } from "../error-summary";
import { log } from "../logger";
import { type RepeatingTask, repeatEvery } from "../repeating-task";
import { loadPageBuild, type PageBuild } from "./page-build";
import {
  readNewestVersion,
  readStoredBuildId,
  readStoredEtags,
  readStoredSince,
  removedStatus,
  type StoredEntry,
  storeBetterBrotli,
  storeFullRender,
  storePublished,
} from "./page-store";
import {
  type Compression,
  createPageRenderer,
  finish,
  type PageEntry,
  type PageLoadContext,
  type PageTarget,
  RenderError,
} from "./render-page";
import {
  dataPath,
  dependentFiles,
  fixedTargets,
  isPage,
  isServiceVariant,
  listedPages,
  pageTargets,
  pageVariants,
} from "./site-pages";

export type PagesDependencies = {
  database: DatabaseHandle;
  serverBuildFile: string;
  /** What route loaders read at render time (`context.content`, from the content model). */
  getLoadContext?: () => PageLoadContext | Promise<PageLoadContext>;
  /** The build to render with; by default the one in `serverBuildFile`, loaded when first needed. */
  pageBuild?: () => Promise<PageBuild>;
};

export type Pages = ReturnType<typeof createPages>;

/** A publish that did not go live: the previous version stays, and this says why. */
export class PublishError extends Error {
  constructor(readonly failures: RenderError[]) {
    super(`Nothing was published: ${failures.map((failure) => failure.message).join(" | ")}`);
    this.name = "PublishError";
  }
}

/** What a publish rendered, and how long each render and the whole publish took (ms). */
export type PublishReport = {
  paths: string[];
  renders: { key: string; ms: number }[];
  /** The entries stored with a new version: those whose bytes changed. */
  written: string[];
  /** From the call to every render finished. */
  renderedMs: number;
  /** From the call to the store's transaction committed (other servers can read it from then). */
  storedMs: number;
  /** From the call to this server serving the new versions. */
  totalMs: number;
};

/** Renders in flight at once: enough to keep the compression threads busy. */
const rendersAtOnce = 3;

/** After start-up, when the warm-up render runs: once the first visitors' requests are served. */
const warmUpDelayMs = 2000;

/** How often a server on PostgreSQL asks whether another one has published. */
export const watchIntervalMs = 1000;

export function createPages({
  database,
  serverBuildFile,
  getLoadContext,
  pageBuild = () => loadPageBuild(serverBuildFile),
}: PagesDependencies) {
  const { db } = database;
  const renderer = createPageRenderer({ pageBuild, getLoadContext });
  const entries = new Map<string, StoredEntry>();
  let knownVersion = 0;
  let knownBuildId: string | undefined;
  let ready: Promise<void> | undefined;
  let serving: Promise<void> | undefined;

  /**
   * Renders every target, a few at a time (rendering is this thread's work, compressing the
   * thread pool's); any failure throws with every failure's reason.
   */
  async function renderAll(
    targets: PageTarget[],
    loadContext?: PageLoadContext,
    compression: Compression = "best",
    atOnce = rendersAtOnce,
  ) {
    const results: { target: PageTarget; entries: PageEntry[] | undefined; ms: number }[] = [];
    const failures: RenderError[] = [];
    const queue = [...targets];
    const renderNext = async (): Promise<void> => {
      const target = queue.shift();
      if (!target) return;
      const started = performance.now();
      try {
        const entries = await renderer.render(target, loadContext, compression);
        results.push({ target, entries, ms: performance.now() - started });
      } catch (error) {
        failures.push(
          error instanceof RenderError ? error : new RenderError(target.url, [String(error)]),
        );
      }
      return renderNext();
    };
    await Promise.all(Array.from({ length: atOnce }, renderNext));
    if (failures.length > 0) throw new PublishError(failures);
    return results;
  }

  /** Every page the sitemap lists, as the content of `loadContext` has it. */
  async function listPages(loadContext?: PageLoadContext): Promise<string[]> {
    const sitemap = await renderer.render(
      { key: siteFilePaths.sitemap, url: siteFilePaths.sitemap },
      loadContext,
      "quick",
    );
    return listedPages(sitemap?.[0]?.body.toString("utf8") ?? "");
  }

  /** The contact form's choices as `loadContext` has her offers: the home page's variants. */
  async function serviceValues(loadContext?: PageLoadContext): Promise<string[]> {
    const { offers } = await readContent(loadContext).read("offers");
    return serviceChoices(offers).map((choice) => choice.value);
  }

  async function renderSite(): Promise<PageEntry[]> {
    const loadContext = await getLoadContext?.();
    const listed = await listPages(loadContext);
    const services = await serviceValues(loadContext);
    const results = await renderAll(
      [...listed.flatMap((path) => pageTargets(path, services)), ...fixedTargets()],
      loadContext,
    );
    const all = results.flatMap((result) => result.entries ?? []);
    all.push(await renderGuidePdf(loadContext));
    return deduplicate(all);
  }

  /**
   * The scent guide's PDF from her published guide (or a preview's draft), stored under a key no
   * address reaches: the server hands it out only under a valid gift link (decision 0028).
   */
  async function renderGuidePdf(loadContext?: PageLoadContext): Promise<PageEntry> {
    const content = readContent(loadContext);
    const [guide, operator] = await Promise.all([
      content.read("scent-guide"),
      content.read("operator"),
    ]);
    return finish({
      path: scentGuidePdfKey,
      status: 200,
      contentType: "application/pdf",
      body: await renderScentGuidePdf(typesetGuide(guide), operator),
    });
  }

  /**
   * Reads what the store holds beyond this process's copy (everything, when the build changed);
   * `own`: what this process has just written, applied as it is, not read back.
   */
  async function refresh(own: StoredEntry[] = []) {
    const since = await readStoredSince(
      db,
      knownBuildId === undefined ? 0 : knownVersion,
      own.map((entry) => entry.version),
    );
    if (since.buildId !== knownBuildId) {
      const everything = knownBuildId === undefined ? since : await readStoredSince(db, 0);
      entries.clear();
      knownVersion = 0;
      knownBuildId = since.buildId;
      apply(everything.entries);
    } else {
      apply([...since.entries, ...own].sort((a, b) => a.version - b.version));
    }
  }

  function apply(rows: StoredEntry[]) {
    for (const row of rows) {
      if (row.status === removedStatus) entries.delete(row.path);
      else entries.set(row.path, row);
      knownVersion = Math.max(knownVersion, row.version);
    }
  }

  /** The pages (not their data, not a pattern's not-found page) the store holds under `prefix`. */
  function storedPagesUnder(prefix: string): string[] {
    return [...entries.values()]
      .filter((entry) => entry.path.startsWith(prefix) && isPage(entry.path))
      .filter((entry) => entry.status === 200)
      .map((entry) => entry.path);
  }

  let polishing: Promise<void> = Promise.resolve();

  async function warmUp() {
    try {
      await renderer.render(
        { key: paths.home, url: paths.home },
        await getLoadContext?.(),
        "quick",
      );
    } catch {
      // A page that cannot render says so when it is published.
    }
  }

  /**
   * After a publish of what every page shows (`everyPage`: the footer's facts), the pages it did
   * not render itself: each page the sitemap lists with its data and variants, the shells, the
   * not-found pages, and the scent guide's PDF (signed with her name). In the queue, as the
   * variants: she sees her change on the item's own pages at once, the rest follows within
   * seconds (docs/decisions/0036). A failure keeps their previous versions and is logged.
   */
  function renderEveryPage(done: string[], loadContext?: PageLoadContext) {
    polishing = polishing.then(async () => {
      try {
        const listed = (await listPages(loadContext)).filter((path) => !done.includes(path));
        const services = await serviceValues(loadContext);
        const targets = [
          ...listed.flatMap((path) => pageTargets(path, services)),
          ...fixedTargets(),
        ].filter((target) => !done.includes(target.key));
        const results = await renderAll(targets, loadContext, "quick");
        const rendered = deduplicate(results.flatMap((result) => result.entries ?? []));
        rendered.push(await renderGuidePdf(loadContext));
        const { id } = await pageBuild();
        const written = await storePublished(db, id, rendered, []);
        await refresh(written);
        polish(written);
      } catch (error) {
        log.error(
          { error: summarizeError(error) },
          "Every page's footer kept its previous version after a publish",
        );
      }
    });
  }

  /**
   * A published page's variants (site-pages.ts, `pageVariants`), rendered and stored after the
   * publish, in the same queue as `polish`. They show the same content as the page just
   * rendered; should one fail, it keeps its previous version and the log says why.
   */
  function renderVariants(
    targets: PageTarget[],
    loadContext?: PageLoadContext,
    removed: string[] = [],
  ) {
    if (targets.length === 0 && removed.length === 0) return;
    polishing = polishing.then(async () => {
      try {
        // One at a time: her next request waits for at most one render, not for all five.
        const results = await renderAll(targets, loadContext, "quick", 1);
        const rendered = deduplicate(results.flatMap((result) => result.entries ?? []));
        const { id } = await pageBuild();
        const written = await storePublished(db, id, rendered, removed);
        await refresh(written);
        polish(written);
      } catch (error) {
        log.error(
          { error: summarizeError(error), paths: targets.map((target) => target.key) },
          "A published page's variants kept their previous version",
        );
      }
    });
  }

  /**
   * A publish stores its pages with a quick Brotli (render-page.ts, `Compression`), so that it is
   * live at once; here, one publish after another, they are compressed at their best and stored
   * again with the same ETag. A failure leaves the quick bytes, which are served correctly.
   */
  function polish(published: StoredEntry[]) {
    const compressible = published.filter((entry) => entry.brotli !== null);
    if (compressible.length === 0) return;
    polishing = polishing.then(async () => {
      try {
        const best = await Promise.all(
          compressible.map(async (entry) => {
            const { path, status, contentType, body } = entry;
            const { brotli } = await finish({ path, status, contentType, body }, "best");
            return { ...entry, brotli };
          }),
        );
        await refresh(await storeBetterBrotli(db, best));
      } catch (error) {
        log.warn({ error: summarizeError(error) }, "Published pages kept their quick compression");
      }
    });
  }

  /** Renders the whole site when the store holds another build's pages, then reads the store. */
  async function renderIfBuildChanged() {
    const { id } = await pageBuild();
    if ((await readStoredBuildId(db)) !== id) {
      const started = performance.now();
      const site = await renderSite();
      const wrote = await storeFullRender(db, id, site);
      if (wrote) {
        log.info(
          { pages: site.length, ms: Math.round(performance.now() - started) },
          "Pages rendered into the page store for this build",
        );
      }
    }
    await refresh();
  }

  return {
    /** Resolves once this process serves the current build's pages (rendering them if needed). */
    ensureRendered(): Promise<void> {
      ready ??= renderIfBuildChanged().catch((error: unknown) => {
        ready = undefined;
        throw error;
      });
      return ready;
    },

    /**
     * Renders `changedPaths`, their data and variants, and the files that list pages (sitemap,
     * feed), and stores them at once. A page the router no longer has (404) is removed. Any
     * failed render publishes nothing: the previous version stays live, and the
     * `PublishError` says why.
     */
    async publish(changedPaths: string[]): Promise<PublishReport> {
      const started = performance.now();
      await this.ensureRendered();
      const { id } = await pageBuild();
      const loadContext = await getLoadContext?.();
      // `everyPage` (what the root layout shows, her operator's facts): the item's own pages are
      // rendered now, every other page right after the publish returns (`renderEveryPage`).
      const everything = changedPaths.includes(everyPage);
      // `/akce/*` (`everyPageUnder`, texts each event's page shows): every page the store holds
      // there, past and cancelled events' pages too, though the sitemap lists only upcoming ones.
      const expanded = changedPaths.flatMap((path) =>
        path.endsWith("/*") ? storedPagesUnder(path.slice(0, -1)) : [path],
      );
      const asked = [...new Set([...expanded, ...dependentFiles])].filter(
        (path) => path !== scentGuidePdfKey && path !== everyPage,
      );
      // Each address first (in parallel); a page's data only when its HTML changed: an article
      // that is not among the home page's newest three leaves `/` as it was.
      const first = await renderAll(
        asked.map((path) => ({ key: path, url: path })),
        loadContext,
        "quick",
      );
      const stored = await readStoredEtags(db, asked);
      const changedPages = first
        .filter(({ target, entries }) => isPage(target.key) && !sameAsStored(entries, stored))
        .map(({ target }) => target.key);
      const rest = await renderAll(
        changedPages.map((path) => ({ key: dataPath(path), url: dataPath(path) })),
        loadContext,
        "quick",
      );
      const results = [...first, ...rest];
      const rendered = deduplicate(results.flatMap((result) => result.entries ?? []));
      // The guide's PDF is no page of the router: it is made here, with the same content.
      if (changedPaths.includes(scentGuidePdfKey)) rendered.push(await renderGuidePdf(loadContext));
      const removed = results
        .filter((result) => !result.entries)
        .map((result) => result.target.key);
      const renderedMs = performance.now() - started;
      const written = await storePublished(db, id, rendered, removed);
      const storedMs = performance.now() - started;
      await refresh(written);
      const report: PublishReport = {
        paths: results.map((result) => result.target.key),
        renders: results.map((result) => ({ key: result.target.key, ms: Math.round(result.ms) })),
        written: written.map((entry) => entry.path),
        renderedMs: Math.round(renderedMs),
        storedMs: Math.round(storedMs),
        totalMs: Math.round(performance.now() - started),
      };
      log.info(report, "Published");
      // The home page with each service chosen (five renders as long as the page itself) follows
      // within seconds, after she sees her change live; then everything at its best compression.
      const services = await serviceValues(loadContext);
      const variants = changedPages.flatMap((path) => pageVariants(path, services));
      // A choice no longer in the form (an offer she retired or hid) loses its variant.
      const gone = changedPages.includes(paths.home)
        ? [...entries.keys()].filter(
            (key) => isServiceVariant(key) && !variants.some((target) => target.key === key),
          )
        : [];
      renderVariants(variants, loadContext, gone);
      if (everything) renderEveryPage(asked, loadContext);
      polish(written);
      return report;
    },

    /**
     * Resolves once every published page's variants are stored and everything is compressed at
     * its best (tests, the bench).
     */
    async whenPolished(): Promise<void> {
      // What the queue runs may queue more (a variant's polish): wait until it stays empty.
      let queued: Promise<void>;
      do {
        queued = polishing;
        await queued;
      } while (queued !== polishing);
    },

    /**
     * Resolves once this process has pages to serve: the current build's, or, when they cannot
     * be rendered (no server build, a failing page), whatever the store holds, said once in the
     * log, not tried again at every request.
     */
    whenServing(): Promise<void> {
      serving ??= this.ensureRendered()
        .then(() => {
          // A server that found its pages stored has never rendered: its first publish would
          // pay for loading the renderer and for unoptimised code (a home page's first render
          // took 4 times its later ones). One render of the home page, kept nowhere, pays now.
          setTimeout(() => void warmUp(), warmUpDelayMs).unref();
        })
        .catch(async (error: unknown) => {
          log.error(
            { error: summarizeError(error) },
            "The pages could not be rendered for this build; the page store's last ones are served",
          );
          await refresh();
        });
      return serving;
    },

    /** React Router's route discovery (`/__manifest`): which routes a path has, from the build. */
    answerManifest: (request: Request) => renderer.answerManifest(request),

    /** The finished HTML of `path` rendered with `loadContext`, not stored (the admin's preview). */
    async renderPreview(path: string, loadContext: PageLoadContext): Promise<string> {
      const [page] = (await renderer.render({ key: path, url: path }, loadContext)) ?? [];
      if (!page) throw new RenderError(path, ["HTTP 404"]);
      return page.body.toString("utf8");
    },

    /** The stored answer for a key (page-site.ts), once `ensureRendered` has resolved. */
    find(key: string): StoredEntry | undefined {
      return entries.get(key);
    },

    /** Every key the store holds (the 405 answers need the addresses pages have). */
    has(key: string): boolean {
      return entries.has(key);
    },

    /**
     * Asks the store every second for versions newer than this process's copy: several servers
     * on one PostgreSQL serve a publish within a second or two. The embedded database has one
     * process, which updates its copy as it publishes.
     */
    watch(): RepeatingTask | undefined {
      if (database.kind !== "postgresql") return undefined;
      return repeatEvery("Page store check", watchIntervalMs, async () => {
        if (!ready) return;
        await ready;
        if ((await readNewestVersion(db)) > knownVersion) await refresh();
      });
    },
  };
}

/** Whether a render's answer is what the store holds already (a removed page never is). */
function sameAsStored(entries: PageEntry[] | undefined, stored: Map<string, string>): boolean {
  const [answer] = entries ?? [];
  return answer !== undefined && stored.get(answer.path) === `${answer.status} ${answer.etag}`;
}

/** Two pages may share a start file: it is stored once. */
function deduplicate(entries: PageEntry[]): PageEntry[] {
  return [...new Map(entries.map((entry) => [entry.path, entry])).values()];
}
