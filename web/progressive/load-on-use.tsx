import {
  type ComponentType,
  Suspense,
  use,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { hasHeldSubmission, heldSubmissionEvent, markLive } from "~/progressive/held-submissions";
import type { DeferredPart } from "~/progressive/static-part";

/**
 * A part of a pre-rendered page whose code is heavy and seldom needed (the
 * members' sign-in, with the session library): it loads only when the part
 * is used – focus inside it, a form in it sent – or at once when `wakeIf()`
 * says so (a session stored by an earlier visit). Near the top of a page,
 * `LoadWhenNear` would load it on every visit.
 *
 * Until then React keeps the pre-rendered markup as it is (its own HTML, read
 * from the document, as `StaticPart` does), so no Suspense boundary waits
 * half-hydrated: a router update (a jump to an anchor) leaves it alone, and a
 * focus does not get stuck in React's queue of events for a waiting boundary.
 * When the code has arrived, the live part is mounted beside the markup,
 * takes over what was typed and where the focus was, and replaces it before
 * the next paint; a form sent in the meantime (held by held-submissions.ts,
 * which knows the part by `data-load-when-near`) is sent from the live part.
 */
export function LoadOnUse({
  name,
  part,
  wakeIf,
}: {
  name: string;
  /** `deferredPart(() => import(…))`: the part's code, a chunk of its own. */
  part: DeferredPart;
  wakeIf?: () => boolean;
}) {
  const [prerendered] = useState(() =>
    typeof document === "undefined"
      ? undefined
      : document.querySelector(`[data-load-when-near="${name}"] > [data-prerendered]`)?.innerHTML,
  );
  if (prerendered === undefined) {
    // Pre-rendering, or after a client-side navigation: the part from its code.
    return <FromCodeNow name={name} part={part} />;
  }
  return <TakeOverWhenUsed name={name} part={part} prerendered={prerendered} wakeIf={wakeIf} />;
}

function TakeOverWhenUsed({
  name,
  part,
  prerendered,
  wakeIf,
}: {
  name: string;
  part: DeferredPart;
  prerendered: string;
  wakeIf?: () => boolean;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [awake, setAwake] = useState(false);
  const [pressed, setPressed] = useState(false);
  const [replaced, setReplaced] = useState(false);
  const sendAgain = useRef<HTMLFormElement | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element || awake) return;
    const wake = () => {
      // The code starts loading now, even if a press keeps the live part back (below).
      part.preload().catch(() => {});
      setAwake(true);
    };
    if (wakeIf?.() || hasHeldSubmission(element) || element.contains(document.activeElement)) {
      wake();
      return;
    }
    element.addEventListener("focusin", wake);
    element.addEventListener(heldSubmissionEvent, wake);
    return () => {
      element.removeEventListener("focusin", wake);
      element.removeEventListener(heldSubmissionEvent, wake);
    };
  }, [awake, part, wakeIf]);

  // A press that began on the markup ends on it. Were the live part to
  // replace the markup between a button's press and its release, the
  // browser would send no click at all, and the tap would be lost. So the
  // live part waits until the press is over and its click has been sent.
  useEffect(() => {
    const element = container.current;
    if (!element || replaced) return;
    let lifting: ReturnType<typeof setTimeout> | undefined;
    const press = (event: Event) => {
      if (event instanceof KeyboardEvent && event.key !== " ") return;
      clearTimeout(lifting);
      setPressed(true);
    };
    // After the release's own task, in which the browser sends the click.
    const lift = () => {
      lifting = setTimeout(() => setPressed(false));
    };
    const starts = ["pointerdown", "keydown"] as const;
    const ends = ["pointerup", "pointercancel", "keyup"] as const;
    for (const type of starts) element.addEventListener(type, press, true);
    for (const type of ends) window.addEventListener(type, lift, true);
    return () => {
      clearTimeout(lifting);
      for (const type of starts) element.removeEventListener(type, press, true);
      for (const type of ends) window.removeEventListener(type, lift, true);
    };
  }, [replaced]);

  // Runs before the browser paints the live part next to the markup.
  function takeOver(live: HTMLElement) {
    const element = container.current;
    const markup = element?.querySelector<HTMLElement>(":scope > [data-prerendered]");
    if (!element || !markup) return;
    for (const field of markup.querySelectorAll<HTMLInputElement>("input[id], textarea[id]")) {
      const twin = live.querySelector<HTMLInputElement>(`#${CSS.escape(field.id)}`);
      if (twin && field.value !== field.defaultValue) twin.value = field.value;
    }
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && markup.contains(focused) && focused.id) {
      live.querySelector<HTMLElement>(`#${CSS.escape(focused.id)}`)?.focus({ preventScroll: true });
    }
    if (hasHeldSubmission(element)) sendAgain.current = live.querySelector("form");
    setReplaced(true);
  }

  // Once the markup is gone: the part is live, and a form sent before is sent now.
  useEffect(() => {
    const element = container.current;
    if (!replaced || !element) return;
    markLive(element);
    sendAgain.current?.requestSubmit();
    sendAgain.current = null;
  }, [replaced]);

  return (
    <div data-load-when-near={name} ref={container}>
      {replaced ? null : (
        <div
          data-prerendered=""
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the page's own pre-rendered markup, read from the document
          dangerouslySetInnerHTML={{ __html: prerendered }}
        />
      )}
      {awake && (replaced || !pressed) ? (
        <Suspense fallback={null}>
          <Live part={part} onMounted={takeOver} />
        </Suspense>
      ) : null}
    </div>
  );
}

function Live({ part, onMounted }: { part: DeferredPart; onMounted: (live: HTMLElement) => void }) {
  const element = useRef<HTMLDivElement>(null);
  const Component = part.loaded ?? use(part.preload());
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the live part is in the document
  useLayoutEffect(() => {
    if (element.current) onMounted(element.current);
  }, []);
  return (
    <div data-live="" ref={element}>
      <Component />
    </div>
  );
}

function FromCodeNow({ name, part }: { name: string; part: DeferredPart }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (container.current) markLive(container.current);
  }, []);
  return (
    <div data-load-when-near={name} ref={container}>
      <div data-prerendered="">
        <Suspense fallback={null}>
          <FromCode part={part} />
        </Suspense>
      </div>
    </div>
  );
}

function FromCode({ part }: { part: DeferredPart }) {
  const Component: ComponentType = part.loaded ?? use(part.preload());
  return <Component />;
}
