/**
 * The photo picker's note about a chosen photo deleted from her library meanwhile says what the
 * page shows instead: an illustration where the place has one, nothing for an event.
 */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { PhotoJson } from "#shared/content/photo-library";
import { PhotoPicker } from "~/components/admin/photo-picker";

const kept: PhotoJson = {
  id: "8f0c6f8e-0000-4000-8000-000000000010",
  originalName: "ohen.jpg",
  alt: "Oheň v zahradě",
  focusX: 50,
  focusY: 50,
  width: 1600,
  height: 1200,
  widths: [480, 960, 1600],
  createdAt: "2026-11-01T10:00:00.000Z",
};

const note = (missingNote?: string) =>
  renderToString(
    <PhotoPicker
      name="test-photo"
      legend="Fotka"
      photos={[kept]}
      value="8f0c6f8e-0000-4000-8000-000000000011"
      onChange={() => {}}
      none={{ label: "Bez fotky" }}
      missingNote={missingNote}
    />,
  ).replace(/\u00a0/g, " ");

describe("the photo picker's note of a deleted photo", () => {
  it("says what the place shows instead", () => {
    expect(note()).toContain("web tu ukazuje ilustraci");
    const event = note("Vybraná fotka už v knihovně není; stránka akce je teď bez fotky.");
    expect(event).toContain("stránka akce je teď bez fotky");
    expect(event).not.toContain("ilustraci");
  });
});
