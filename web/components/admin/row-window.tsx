import { type ReactNode, useLayoutEffect, useMemo, useRef, useState } from "react";
import { flushSync } from "react-dom";

/** A first guess at a row's height in px; every rendered row is then measured. */
const estimatedRowHeight = 72;
/** Rows rendered beyond each edge of the viewport, in px. */
const overscan = 900;
/** How far the page may scroll before the window is worked out again, in px. */
const step = 150;

/** The part of the table body in the viewport, in px from the body's top. */
export type View = { top: number; bottom: number };

/** Which rows to render, `start` to `end` (exclusive), and the height standing in for the others. */
export type RowWindow = { start: number; end: number; spaceAbove: number; spaceBelow: number };

/**
 * Each row's top from the body's top, and the body's height as the last entry.
 * Rows never measured count as the average of those measured.
 */
export function computeOffsets(
  keys: readonly string[],
  heights: ReadonlyMap<string, number>,
): Float64Array {
  let sum = 0;
  for (const height of heights.values()) sum += height;
  const estimate = heights.size > 0 ? sum / heights.size : estimatedRowHeight;
  const offsets = new Float64Array(keys.length + 1);
  let offset = 0;
  keys.forEach((key, index) => {
    offsets[index] = offset;
    offset += heights.get(key) ?? estimate;
  });
  offsets[keys.length] = offset;
  return offsets;
}

/** The smallest index whose offset is above `value` (offsets ascending). */
function firstAbove(offsets: Float64Array, value: number): number {
  let low = 0;
  let high = offsets.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((offsets[middle] ?? 0) > value) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** The rows in and within `overscan` px of the view; at least one row. */
export function pickRows(offsets: Float64Array, view: View): RowWindow {
  const count = offsets.length - 1;
  const start = Math.min(count - 1, Math.max(0, firstAbove(offsets, view.top - overscan) - 1));
  const end = Math.max(start + 1, Math.min(count, firstAbove(offsets, view.bottom + overscan)));
  return {
    start,
    end,
    spaceAbove: offsets[start] ?? 0,
    spaceBelow: (offsets[count] ?? 0) - (offsets[end] ?? 0),
  };
}

function readView(body: HTMLElement): View {
  const top = -body.getBoundingClientRect().top;
  return { top, bottom: top + window.innerHeight };
}

/**
 * Windowing for a long table (or list of cards) whose page scrolls as if every row were there:
 * render `SpacerRow` (`SpacerItem`), then the rows of `keys.slice(start, end)` in order, then
 * the spacer again, inside the body that `bodyRef` points to. Rows are measured as
 * they render (by key, so a deletion keeps the heights of the others).
 */
export function useRowWindow<Body extends HTMLElement = HTMLTableSectionElement>(
  keys: readonly string[],
) {
  const bodyRef = useRef<Body>(null);
  const heights = useRef(new Map<string, number>());
  const [measured, setMeasured] = useState(0);
  const [view, setView] = useState<View>(() => ({
    top: 0,
    bottom: typeof window === "undefined" ? 1000 : window.innerHeight,
  }));

  // Follows the page's scrolling and resizing; synchronously, so no frame shows an empty window.
  useLayoutEffect(() => {
    const body = bodyRef.current;
    if (!body) return;
    let last = readView(body);
    let width = window.innerWidth;
    setView(last);
    const follow = () => {
      const next = readView(body);
      const resized = window.innerWidth !== width;
      if (
        !resized &&
        Math.abs(next.top - last.top) < step &&
        Math.abs(next.bottom - last.bottom) < step
      ) {
        return;
      }
      if (resized) {
        width = window.innerWidth;
        heights.current.clear(); // rows wrap differently at another width
      }
      last = next;
      flushSync(() => setView(next));
    };
    window.addEventListener("scroll", follow, { passive: true });
    window.addEventListener("resize", follow);
    return () => {
      window.removeEventListener("scroll", follow);
      window.removeEventListener("resize", follow);
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `measured` counts changes to `heights`
  const offsets = useMemo(() => computeOffsets(keys, heights.current), [keys, measured]);
  const rows = pickRows(offsets, view);

  // Measures the rendered rows after every render; a change redraws the spacers.
  useLayoutEffect(() => {
    const body = bodyRef.current;
    if (!body) return;
    let changed = false;
    const rendered = body.querySelectorAll<HTMLElement>(":scope > :not([data-spacer])");
    rendered.forEach((row, index) => {
      const key = keys[rows.start + index];
      if (key === undefined) return;
      const height = row.getBoundingClientRect().height;
      const known = heights.current.get(key);
      if (known === undefined || Math.abs(known - height) > 0.5) {
        heights.current.set(key, height);
        changed = true;
      }
    });
    if (changed) setMeasured((value) => value + 1);
  });

  return { bodyRef, ...rows };
}

/** A row standing in for the rows that are not rendered, above or below the window. */
export function SpacerRow({ height, columns }: { height: number; columns: number }): ReactNode {
  if (height <= 0) return null;
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty row with nothing to focus, only height
    <tr aria-hidden="true" data-spacer>
      <td colSpan={columns} style={{ height, padding: 0 }} />
    </tr>
  );
}

/** The same stand-in in a list of cards. */
export function SpacerItem({ height }: { height: number }): ReactNode {
  if (height <= 0) return null;
  return <li aria-hidden="true" data-spacer style={{ height }} />;
}
