/**
 * The focal point of a photo, set by a tap on its preview (or the arrow keys): what must stay
 * in the picture when a page crops it to its place's shape.
 */
import type { KeyboardEvent, MouseEvent } from "react";
import { typeset } from "~/lib/typography";

export type Focus = { focusX: number; focusY: number };

const clamp = (value: number) => Math.min(1, Math.max(0, Math.round(value * 100) / 100));

const keySteps: Record<string, [number, number]> = {
  ArrowLeft: [-0.05, 0],
  ArrowRight: [0.05, 0],
  ArrowUp: [0, -0.05],
  ArrowDown: [0, 0.05],
};

export function FocusPicker({
  src,
  focus,
  onChange,
  disabled = false,
}: {
  /** The preview: a data URL of the chosen file, or the photo's small variant. */
  src: string;
  focus: Focus;
  onChange: (focus: Focus) => void;
  disabled?: boolean;
}) {
  function tapped(event: MouseEvent<HTMLButtonElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    onChange({
      focusX: clamp((event.clientX - box.left) / box.width),
      focusY: clamp((event.clientY - box.top) / box.height),
    });
  }
  function keyed(event: KeyboardEvent<HTMLButtonElement>) {
    const step = keySteps[event.key];
    if (!step) return;
    event.preventDefault();
    onChange({ focusX: clamp(focus.focusX + step[0]), focusY: clamp(focus.focusY + step[1]) });
  }
  return (
    <div>
      <button
        type="button"
        disabled={disabled}
        onClick={tapped}
        onKeyDown={keyed}
        aria-label={`Bod zájmu: ${Math.round(focus.focusX * 100)} % zleva, ${Math.round(focus.focusY * 100)} % shora. Klepněte na fotku, nebo ho posuňte šipkami.`}
        className="relative block w-full cursor-crosshair overflow-hidden rounded-2xl bg-sand ring-1 ring-bark/15"
      >
        <img src={src} alt="" className="block h-auto w-full" draggable={false} />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute size-10 -translate-x-1/2 -translate-y-1/2 rounded-full border-4 border-cream bg-terracotta/40 shadow-lifted"
          style={{ left: `${focus.focusX * 100}%`, top: `${focus.focusY * 100}%` }}
        />
      </button>
      <p className="mt-2 text-sm text-bark-soft">
        {typeset(
          "Klepněte na to nejdůležitější na fotce (třeba na obličej). Když web fotku ořízne, tohle místo v ní zůstane.",
        )}
      </p>
    </div>
  );
}
