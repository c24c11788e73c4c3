/**
 * The event form shows each refusal of her API by its field: the server's `photo_missing`
 * (a photo deleted from her library while she edited) is shown by the photos, rendered as the
 * screen renders it after the refusal (its fields through `formFieldOf`).
 */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { eventAdminMessages } from "#shared/event-admin";
import {
  EventFormFields,
  eventFormErrors,
  formFieldOf,
  formOf,
} from "~/components/admin/event-form";

function renderWithRefusal(fields: Record<string, string>) {
  const errors = Object.fromEntries(
    Object.entries(fields).map(([name, text]) => [formFieldOf(name), text]),
  );
  return renderToString(
    <EventFormFields form={formOf(null)} errors={errors} busy={false} onChange={() => {}} />,
  );
}

describe("the event form's refusals", () => {
  it("shows the server's photo_missing by the photos", () => {
    const html = renderWithRefusal({ photoId: eventAdminMessages.photoMissing });
    const shown = /<p id="event-photo-error"[^>]*>[\s\S]*?<\/p>/.exec(html)?.[0] ?? "";
    expect(shown.replace(/<[^>]+>/g, "").replace(/\u00a0/g, " ")).toBe(
      eventAdminMessages.photoMissing,
    );
  });

  it("puts a missing day's message at the day, not under the filled times", () => {
    const errors = eventFormErrors({
      ...formOf(null),
      title: "Kruh žen u ohně",
      address: "Květná 12",
    });
    expect(errors.day).toBe("Vyberte prosím den akce.");
    expect(errors.startTime).toBeUndefined();
    expect(errors.endTime).toBeUndefined();
    // With the day, times that are wrong still say so at the time.
    const wrong = eventFormErrors({
      ...formOf(null),
      title: "Kruh žen u ohně",
      address: "Květná 12",
      day: "2026-12-03",
      startTime: "20:00",
      endTime: "18:00",
    });
    expect(wrong.day).toBeUndefined();
    expect(wrong.endTime).toBeDefined();
  });
});
