import { type ReactNode, Suspense, use, useEffect } from "react";
import { hasHeldSubmission, heldSubmissionEvent, markLive } from "~/progressive/held-submissions";

/**
 * A part of a pre-rendered page whose code loads only when the visitor comes
 * near it: the forms, whose validation code is a sixth of a page's
 * JavaScript. Until then the pre-rendered markup stays as it is, readable
 * and fillable (react-hook-form keeps what was typed before it woke), and a
 * form sent before its code arrived is sent once it has (held-submissions.ts).
 * `children` should be a `React.lazy` component, so its code is a chunk of
 * its own.
 */
export function LoadWhenNear({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div data-load-when-near={name}>
      <Suspense fallback={<PreRendered name={name} />}>
        <WaitUntilNear name={name}>{children}</WaitUntilNear>
        <AfterHydration name={name} />
      </Suspense>
    </div>
  );
}

/**
 * The part's pre-rendered markup, as the fallback while it waits. A jump within the page
 * (`#osobni-vune`) is a navigation: the page renders again, and an update that reaches a part
 * still waiting to hydrate (the router's location, read by a link inside it) makes React give
 * up the part's markup for its fallback until the part renders. With no fallback the page lost
 * the forms' height in the middle of the jump, which ended a screen short; with their markup as
 * it was, nothing moves. Kept as the page came, before the part hydrates.
 */
const preRendered = new Map<string, string>();

function PreRendered({ name }: { name: string }) {
  const html = preRendered.get(name);
  return html === undefined ? null : (
    <div
      className="contents"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the page's own pre-rendered markup, read from the document
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

type Gate = {
  /** The pre-rendered markup being watched. */
  part: Element;
  /**
   * Resolves when the part is within a screen's height of the visible area,
   * gets focus, or a form in it is sent.
   */
  near: Promise<void>;
};

const gates = new Map<string, Gate>();

function WaitUntilNear({ name, children }: { name: string; children: ReactNode }) {
  // While hydrating, the pre-rendered markup is in the document: wait until
  // the visitor nears it. After a client-side navigation it is not: load now.
  if (typeof document !== "undefined") {
    let gate = gates.get(name);
    if (gate && !gate.part.isConnected) {
      // The visitor left the page before coming near the part and is back
      // by a client-side navigation: nothing is pre-rendered any more.
      gates.delete(name);
      gate = undefined;
    }
    const part = gate ? null : document.querySelector(`[data-load-when-near="${name}"]`);
    if (part) {
      preRendered.set(name, part.innerHTML);
      gate = watchPart(part);
      gates.set(name, gate);
    }
    if (gate) use(gate.near);
  }
  return children;
}

function watchPart(part: Element): Gate {
  let wake = () => {};
  const near = new Promise<void>((resolve) => {
    wake = resolve;
  });
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) wake();
    },
    { rootMargin: "0px 0px 100% 0px" },
  );
  observer.observe(part);
  part.addEventListener("focusin", wake);

  part.addEventListener(heldSubmissionEvent, wake);
  if (hasHeldSubmission(part)) wake();

  void near.then(() => {
    observer.disconnect();
    part.removeEventListener("focusin", wake);
    part.removeEventListener(heldSubmissionEvent, wake);
  });
  return { part, near };
}

/** Runs once the part has hydrated: its own handlers take over from here. */
function AfterHydration({ name }: { name: string }) {
  useEffect(() => {
    const part = document.querySelector<HTMLElement>(`[data-load-when-near="${name}"]`);
    if (part) markLive(part);
  }, [name]);
  return null;
}
