/**
 * The event form shows each refusal of her API by its field: the server's `photo_missing`
 * (a photo deleted from her library while she edited) is shown by the photos, rendered as the
 * screen renders it after the refusal (its fields through `formFieldOf`).
 */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { eventAdminMessages } from "#shared/event-admin";
import { EventFormFields, formFieldOf, formOf } from "~/components/admin/event-form";

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
});
