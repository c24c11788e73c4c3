import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { MemberMaterialJson } from "#shared/member-access";
import { MembersMaterials, sizeLabel } from "~/components/members/members-materials";

const materials: MemberMaterialJson[] = [
  {
    id: "v1",
    title: "Ranní protažení",
    description: "Deset minut pro celé tělo.",
    kind: "video",
    url: "/api/members/materials/v1/file",
    contentType: "video/mp4",
    size: 48_300_000,
  },
  {
    id: "a1",
    title: "Večerní meditace",
    description: "",
    kind: "audio",
    url: "/api/members/materials/a1/file",
    size: 7_100_000,
  },
  {
    id: "p1",
    title: "Pracovní list",
    description: "",
    kind: "pdf",
    url: "/m/p1.pdf",
    size: 420_000,
  },
  { id: "i1", title: "Mandala", description: "", kind: "image", url: "/m/i1.webp" },
  {
    id: "l1",
    title: "Zvuková lázeň",
    description: "",
    kind: "link",
    url: "https://www.youtube.com/watch?v=abc",
    embedUrl: "https://www.youtube-nocookie.com/embed/abc",
  },
];

describe("the members' materials", () => {
  const html = renderToStaticMarkup(<MembersMaterials materials={materials} />);

  it("plays video and audio in the browser's own players", () => {
    expect(html).toMatch(/<video[^>]*controls[^>]*src="\/api\/members\/materials\/v1\/file"/);
    expect(html).toMatch(/<audio[^>]*controls[^>]*src="\/api\/members\/materials\/a1\/file"/);
  });

  it("opens and downloads PDFs and pictures, and embeds a link's player", () => {
    expect(html).toContain('href="/m/p1.pdf"');
    expect(html).toMatch(/<a href="\/m\/p1.pdf" download=""/);
    expect(html).toMatch(/<img src="\/m\/i1.webp" alt="Mandala"/);
    expect(html).toMatch(
      /<iframe src="https:\/\/www.youtube-nocookie.com\/embed\/abc" title="Zvuková lázeň"/,
    );
    expect(html).toContain('href="https://www.youtube.com/watch?v=abc"');
  });

  it("keeps the owner's order and names sizes in Czech", () => {
    const order = materials.map((material) => html.indexOf(material.title));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(sizeLabel(48_300_000)).toBe("48,3\u00a0MB");
    expect(sizeLabel(420_000)).toBe("420\u00a0kB");
  });
});
