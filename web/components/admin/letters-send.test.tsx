/**
 * A letter just sent has no deliveries written yet (the background sending writes them a moment
 * later): its screen waits neutrally instead of flashing „Odesláno 0 z 0“ and a row of zeros;
 * once they are, one line says how far it got and a moss bar shows it.
 */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  type LetterFiguresJson,
  type LetterJson,
  noLetterFigures,
} from "#shared/newsletter-letters";
import { LetterSend } from "~/components/admin/letters-send";

const noneYet = noLetterFigures;

const letter = (figures: LetterFiguresJson): LetterJson => ({
  id: "8f0c6f8e-0000-4000-8000-000000000020",
  subject: "Zimní slunovrat",
  state: "sending",
  scheduledAt: "2026-11-29T20:00:00.000Z",
  createdAt: "2026-11-29T19:00:00.000Z",
  updatedAt: "2026-11-29T20:00:00.000Z",
  sendingStartedAt: "2026-11-29T20:00:00.000Z",
  sentAt: null,
  figures,
  body: "<p>Dobrý den,</p>",
  version: 2,
  announcement: null,
});

const screen = (figures: LetterFiguresJson) =>
  renderToString(
    <LetterSend
      letter={letter(figures)}
      confirmedSubscribers={480}
      lettersPerHour={200}
      busy={false}
      errors={{}}
      onSend={() => {}}
      onSchedule={() => {}}
      onCancel={() => {}}
      onStop={() => {}}
    />,
  ).replace(/\u00a0/g, " ");

describe("a sending letter's progress", () => {
  it("shows no count until its recipients are known", () => {
    const waiting = screen(noneYet);
    expect(waiting).toContain("Připravuji seznam příjemců…");
    expect(waiting).not.toContain("0 z 0");
    expect(waiting).not.toContain("Nedoručeno");
    expect(waiting).not.toContain("<progress");
  });

  it("shows how far it got once they are, saying „Odesláno“ once, on a moss bar", () => {
    const going = screen({ ...noneYet, recipients: 480, queued: 360, sent: 118, failed: 2 });
    expect(going).toContain("Odesláno 118 z 480");
    // Not a second „Odesláno“ with another number among the figures below.
    expect(going.match(/Odesláno/g)).toHaveLength(1);
    expect(going).toContain("Nedoručeno");
    expect(going).toMatch(/<progress[^>]*value="120"/);
    // The bar's filled part is painted in the site's moss, not the browser's own green.
    const bar = (going.match(/<progress[^>]*class="([^"]*)"/)?.[1] ?? "").replaceAll("&amp;", "&");
    expect(bar.split(" ")).toContain("[&::-webkit-progress-value]:bg-moss");
    expect(bar.split(" ")).toContain("[&::-moz-progress-bar]:bg-moss");
  });
});
