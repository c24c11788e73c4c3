import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { createElement } from "react";
import { z } from "zod";
import { describeChange, formatCount, visitorsText } from "#shared/overview-words";
import { paths } from "#shared/routes";
import { czech, range } from "#shared/typography";
import { EmailButton, EmailLayout, textStyle } from "../mail/email-layout";
import { defineMailKind } from "../mail/mail-kind";

const countSchema = z.number().int().nonnegative();

const weeklySummaryDataSchema = z.object({
  /** The week's Monday and Sunday (Prague, YYYY-MM-DD). */
  weekFrom: z.string(),
  weekTo: z.string(),
  visitors: countSchema,
  previousVisitors: countSchema,
  views: countSchema,
  /** At most five, by views, each as she knows the page (`pageLabel`). */
  topPages: z.array(z.object({ label: z.string(), views: countSchema })),
  /** What visitors asked for, each kind with its count (kinds with none left out). */
  requests: z.array(z.object({ label: z.string(), count: countSchema })),
  /** What waits for her as the e-mail is written. */
  waiting: z.array(z.object({ label: z.string(), count: countSchema })),
  siteUrl: z.string(),
});
export type WeeklySummaryData = z.input<typeof weeklySummaryDataSchema>;

/** „23.–29. 11.“, or „28. 12. 2026 – 3. 1. 2027“ across a year's end. */
export function weekLabel(from: string, to: string): string {
  const [fromYear, fromMonth, fromDay] = from.split("-").map(Number);
  const [toYear, toMonth, toDay] = to.split("-").map(Number);
  if (fromYear !== toYear) {
    return range(`${fromDay}. ${fromMonth}. ${fromYear}`, `${toDay}. ${toMonth}. ${toYear}`);
  }
  if (fromMonth !== toMonth)
    return `${range(`${fromDay}. ${fromMonth}.`, `${toDay}. ${toMonth}.`)} ${toYear}`;
  return `${range(`${fromDay}.`, `${toDay}.`)} ${toMonth}. ${toYear}`;
}

export function weeklySummarySubject(
  data: Pick<WeeklySummaryData, "weekFrom" | "weekTo" | "visitors">,
) {
  return czech(
    `Váš web za týden ${weekLabel(data.weekFrom, data.weekTo)}: ${visitorsText(data.visitors)}`,
  );
}

const headingStyle = { ...textStyle, fontWeight: "bold", margin: "24px 0 8px" };
const lineStyle = { ...textStyle, margin: "0 0 4px" };

function Lines({ rows }: { rows: { label: string; count: number }[] }) {
  return (
    <Section>
      {rows.map((row) => (
        <Text key={row.label} style={lineStyle}>
          {czech(`${row.label}: ${formatCount(row.count)}`)}
        </Text>
      ))}
    </Section>
  );
}

/**
 * Her Monday morning's summary of the week before: visitors against the week before that, the
 * most read pages, what visitors asked for, and what waits for her, with the way to „Přehled“.
 */
export function WeeklySummaryEmail(data: z.output<typeof weeklySummaryDataSchema>) {
  const change = describeChange(data.visitors, data.previousVisitors, "week");
  return (
    <EmailLayout
      preview={weeklySummarySubject(data)}
      heading={`Váš web za týden ${weekLabel(data.weekFrom, data.weekTo)}`}
      siteUrl={data.siteUrl}
      footer={czech(
        "Souhrn chodí každé pondělí ráno. Vypnout si ho můžete v administraci v části „Můj účet“.",
      )}
    >
      <Text style={textStyle}>
        {czech(
          data.visitors === 0
            ? "Minulý týden na web nikdo nepřišel. Až se to změní, najdete to tady."
            : `Návštěvníci: ${formatCount(data.visitors)}${change ? ` (${change})` : ""}. Zobrazení stránek: ${formatCount(data.views)}.`,
        )}
      </Text>
      {data.topPages.length > 0 && (
        <>
          <Text style={headingStyle}>Nejčtenější stránky</Text>
          <Lines rows={data.topPages.map((page) => ({ label: page.label, count: page.views }))} />
        </>
      )}
      <Text style={headingStyle}>{czech("Co si lidé vyžádali")}</Text>
      {data.requests.length > 0 ? (
        <Lines rows={data.requests} />
      ) : (
        <Text style={textStyle}>{czech("Tento týden nic.")}</Text>
      )}
      <Text style={headingStyle}>{czech("Čeká na vás")}</Text>
      {data.waiting.length > 0 ? (
        <Lines rows={data.waiting} />
      ) : (
        <Text style={textStyle}>{czech("Nic nečeká na vyřízení.")}</Text>
      )}
      <EmailButton href={`${data.siteUrl}${paths.adminOverview}`}>Otevřít přehled</EmailButton>
    </EmailLayout>
  );
}

/** To each administrator who has it on: the week before, every Monday morning (`weekly-summary.ts`). */
export const weeklySummaryMail = defineMailKind({
  name: "weekly_summary",
  dataSchema: weeklySummaryDataSchema,
  subject: weeklySummarySubject,
  render: (data) => createElement(WeeklySummaryEmail, data),
});
