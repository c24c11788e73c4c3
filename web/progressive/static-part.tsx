import { type ComponentType, use, useState } from "react";

/** The code of a part of a page, loaded on demand (a chunk of its own). */
export type DeferredPart = {
  loaded?: ComponentType;
  loading?: Promise<ComponentType>;
  preload: () => Promise<ComponentType>;
};

/** `load` should be a dynamic `import()`, so that the part's code is a chunk of its own. */
export function deferredPart(load: () => Promise<ComponentType>): DeferredPart {
  const part: DeferredPart = {
    preload() {
      part.loading ??= load().then((component) => {
        part.loaded = component;
        return component;
      });
      return part.loading;
    },
  };
  return part;
}

/**
 * A part of a pre-rendered page that needs no JavaScript there: text,
 * pictures, links and native disclosures (`<details>`). On the page it was
 * pre-rendered in, it stays that markup: React takes it over as it is and
 * its code never loads (its links then load their page as a whole, which is
 * pre-rendered too). After a client-side navigation it renders from its
 * code, which the route's `clientLoader` loads first, so that the page,
 * with its anchors, is complete in its first frame.
 */
export function StaticPart({ name, part }: { name: string; part: DeferredPart }) {
  const [prerendered] = useState(() =>
    typeof document === "undefined"
      ? undefined
      : document.querySelector(`[data-static-part="${name}"]`)?.innerHTML,
  );
  if (prerendered !== undefined) {
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the page's own pre-rendered markup, read from the document above
    return <div data-static-part={name} dangerouslySetInnerHTML={{ __html: prerendered }} />;
  }
  return (
    <div data-static-part={name}>
      <FromCode part={part} />
    </div>
  );
}

function FromCode({ part }: { part: DeferredPart }) {
  const Component = part.loaded ?? use(part.preload());
  return <Component />;
}

/**
 * The `loader` of a route with static parts: it runs at pre-rendering only and returns
 * nothing. Having one keeps React Router from running the route's `clientLoader` on the
 * first visit, which would show a loading screen instead of the pre-rendered page.
 */
export function noLoaderData() {
  return null;
}

/**
 * The `clientLoader` of a route whose static parts are all it needs: before a client-side
 * navigation it loads their code, so that the page comes whole in its first frame.
 */
export function preloadingParts(...parts: DeferredPart[]) {
  return async () => {
    await Promise.all(parts.map((part) => part.preload()));
    return null;
  };
}
