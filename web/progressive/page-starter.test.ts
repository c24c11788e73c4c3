import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { authStorageKey } from "#shared/auth-storage-key";
import { flashNoticeStorageKey } from "~/lib/flash-notice";
import {
  fontsScript,
  pageStarterScript,
  startingInputs,
  type WarmUpFile,
  warmUpDelayMs,
} from "~/progressive/page-starter";

type Listener = { type: string; handler: () => void; options: unknown };

/**
 * Just enough of a browser window for the inline scripts, run as the browser
 * runs them: the page's listeners, timers, storage and <head>, all inspectable.
 */
function fakeWindow({
  readyState = "loading",
  session = new Map<string, string>(),
  local = new Map<string, string>(),
  hash = "",
  referrer = "",
}: {
  readyState?: string;
  session?: Map<string, string>;
  local?: Map<string, string>;
  hash?: string;
  referrer?: string;
} = {}) {
  const listeners: Listener[] = [];
  const timers: { run: () => void; delay: number }[] = [];
  const head: Record<string, string>[] = [];
  const imports: string[] = [];
  const dataset: Record<string, string> = {};
  const storage = (values: Map<string, string>) => ({
    getItem: (key: string) => values.get(key) ?? null,
  });
  const document = {
    readyState,
    referrer,
    documentElement: { dataset },
    createElement: () => ({}),
    head: { append: (link: Record<string, string>) => head.push(link) },
  };
  const context = {
    document,
    location: {
      hostname: "www.harmonieprirody.cz",
      origin: "https://www.harmonieprirody.cz",
      hash,
    },
    sessionStorage: storage(session),
    localStorage: storage(local),
    URL,
    addEventListener: (type: string, handler: () => void, options: unknown) =>
      listeners.push({ type, handler, options }),
    removeEventListener: (type: string, handler: () => void) => {
      const index = listeners.findIndex(
        (entry) => entry.type === type && entry.handler === handler,
      );
      if (index >= 0) listeners.splice(index, 1);
    },
    setTimeout: (run: () => void, delay = 0) => timers.push({ run, delay }),
    __import: (url: string) => imports.push(url),
  };
  return {
    context,
    listeners,
    timers,
    head,
    imports,
    dataset,
    dispatch(type: string) {
      for (const entry of listeners.filter((listener) => listener.type === type)) entry.handler();
    },
    /** Runs the timers, each in a task of its own, as the browser would. */
    runTimers() {
      const delays: number[] = [];
      for (let timer = timers.shift(); timer; timer = timers.shift()) {
        delays.push(timer.delay);
        timer.run();
      }
      return delays;
    },
  };
}

const warmUp: WarmUpFile[] = [
  { href: "/site.webmanifest", as: "manifest" },
  { href: "/assets/start-abc.js", as: "script" },
  { href: "/assets/entry.client-x.js", as: "script" },
  { href: "/assets/lora-latin-wght-normal-y.woff2", as: "font" },
];

/** The starter as a page holds it, its dynamic import() pointed at the fake window. */
function runStarter(window: ReturnType<typeof fakeWindow>, atOnce = false) {
  const script = pageStarterScript({ start: "/assets/start-abc.js", warmUp, atOnce }).replace(
    "import(start)",
    "__import(start)",
  );
  runInNewContext(script, window.context);
}

describe("the page starter", () => {
  it("runs no script until a first input, then imports the page's start file once", () => {
    const page = fakeWindow();
    runStarter(page);
    expect(page.imports).toEqual([]);
    expect(page.listeners.map((listener) => listener.type)).toEqual(
      expect.arrayContaining([...startingInputs, "load"]),
    );
    page.dispatch("keydown");
    page.dispatch("pointerdown");
    expect(page.imports).toEqual(["/assets/start-abc.js"]);
    expect(page.dataset.scripts).toBe("started");
    // Its input listeners are gone: nothing more runs at the next input.
    expect(page.listeners.filter((listener) => listener.type !== "load")).toEqual([]);
  });

  it("starts at a click with no pointer before it, as assistive technology clicks", () => {
    const page = fakeWindow();
    runStarter(page);
    page.dispatch("click");
    expect(page.imports).toEqual(["/assets/start-abc.js"]);
  });

  it("does not count a mouse moving over the page as an input", () => {
    expect(startingInputs).not.toContain("mousemove");
  });

  it("fetches each file into the cache after the load event, one file per task", () => {
    const page = fakeWindow();
    runStarter(page);
    page.dispatch("load");
    expect(page.head).toEqual([]);
    const delays = page.runTimers();
    expect(delays).toEqual([warmUpDelayMs, 0, 0, 0, 0]);
    expect(page.head).toEqual([
      { rel: "manifest", href: "/site.webmanifest", crossOrigin: "use-credentials" },
      { rel: "prefetch", href: "/assets/start-abc.js", as: "script", crossOrigin: "anonymous" },
      {
        rel: "prefetch",
        href: "/assets/entry.client-x.js",
        as: "script",
        crossOrigin: "anonymous",
      },
      {
        rel: "prefetch",
        href: "/assets/lora-latin-wght-normal-y.woff2",
        as: "font",
        crossOrigin: "anonymous",
      },
    ]);
    expect(page.imports).toEqual([]);
  });

  it("once started, links the manifest and fetches only the fonts: the scripts are loading already", () => {
    const page = fakeWindow({ readyState: "complete" });
    runStarter(page);
    page.dispatch("touchstart");
    page.runTimers();
    expect(page.head.map((link) => link.href)).toEqual([
      "/site.webmanifest",
      "/assets/lora-latin-wght-normal-y.woff2",
    ]);
  });

  it.each([
    ["a notice another screen left", { session: new Map([[flashNoticeStorageKey, "{}"]]) }],
    ["a stored session", { local: new Map([[authStorageKey("www.harmonieprirody.cz"), "{}"]]) }],
    ["a confirmation link's answer", { hash: "#type=signup&access_token=x" }],
    ["a confirmation link's error", { hash: "#error=access_denied&error_code=otp_expired" }],
  ])("starts at the load event when the page has %s to show", (_, state) => {
    const page = fakeWindow(state);
    runStarter(page);
    expect(page.imports).toEqual([]);
    page.dispatch("load");
    expect(page.imports).toEqual(["/assets/start-abc.js"]);
  });

  it("waits for an input when the address holds an ordinary anchor", () => {
    const page = fakeWindow({ hash: "#contact", readyState: "complete" });
    runStarter(page);
    expect(page.imports).toEqual([]);
  });

  it("starts at once, when loaded, on the client-only screens' page", () => {
    const page = fakeWindow({ readyState: "complete" });
    runStarter(page, true);
    expect(page.imports).toEqual(["/assets/start-abc.js"]);
  });
});

describe("the fonts script", () => {
  it.each([
    ["opened from another page of the site", "https://www.harmonieprirody.cz/about", "web"],
    ["opened from a search engine", "https://www.google.com/", undefined],
    ["opened directly", "", undefined],
  ])("a page %s: data-fonts %s", (_, referrer, expected) => {
    const page = fakeWindow({ referrer });
    runInNewContext(fontsScript, page.context);
    expect(page.dataset.fonts).toBe(expected);
  });
});
