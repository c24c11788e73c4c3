import { clsx } from "clsx";
import { ArrowDownRight, ArrowUpRight, BellRing, ChevronRight, Gauge, Sprout } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import {
  changeDirection,
  describeChange,
  formatCount,
  formatDecimal,
} from "#shared/overview-words";
import { paths } from "#shared/routes";
import {
  type StatsRange,
  type StatsSettingsJson,
  statsRangeLabels,
  statsRanges,
} from "#shared/stats";
import { AdminFrame } from "~/components/admin/admin-frame";
import { KeepMonthsSetting } from "~/components/admin/overview/keep-months-setting";
import { rangeParam } from "~/components/admin/overview/overview-view";
import { TrendChart, type TrendPoint } from "~/components/admin/overview/trend-chart";
import { typeset } from "~/lib/typography";

/** A count over the range and the range before it, point by point. */
export type Trend = {
  current: TrendPoint[];
  previous: TrendPoint[];
  /** The period's total and the one before (a month's visitors are its days' added up). */
  total: number;
  previousTotal: number;
};

/** What „Přehled“ shows, already in her words (the route builds it from the API's answer). */
export type OverviewView = {
  range: StatsRange;
  /** The chart's points and the rates' period: days, or months over 12 months. */
  unit: "day" | "month";
  visitors: Trend;
  views: Trend;
  /** Pages by views: an article by its title, another page by its address. */
  topPages: { key: string; label: string; views: number }[];
  referrers: { domain: string; views: number }[];
  campaigns: { label: string; views: number }[];
  /** Gift requests, messages, bookings, event sign-ups, subscriptions: each with its rates. */
  conversions: {
    key: string;
    label: string;
    count: number;
    /** A day on average, or a month over 12 months (`unit`). */
    perPoint: number;
    /** Null when nobody came (no rate to speak of). */
    perHundred: number | null;
  }[];
  /** What waits for her, each with where she handles it; only counts above zero. */
  attention: { key: string; label: string; count: number; to: string }[];
};

/**
 * „Přehled“: how her site is doing at a glance, phone first. What waits for her comes first
 * (it is what she can act on), then the visitors and views against the period before, where
 * they came from, and what they asked for.
 */
export function OverviewScreen({
  email,
  range,
  view,
  settings,
}: {
  email: string;
  range: StatsRange;
  /** Null when the counts could not be read. */
  view: OverviewView | null;
  /** Her counting settings (how long the counts are kept); null when they could not be read. */
  settings: StatsSettingsJson | null;
}) {
  return (
    <AdminFrame email={email}>
      <section aria-labelledby="overview-heading" className="mt-6 sm:mt-10">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <h2
            id="overview-heading"
            className="flex items-center gap-3 text-2xl font-semibold text-bark sm:text-3xl"
          >
            <Gauge aria-hidden="true" className="size-7 text-moss-dark" />
            Přehled
          </h2>
          <RangeSwitch range={range} />
        </div>
        {!view ? (
          <p role="alert" className="mt-6 font-medium text-terracotta-dark">
            {typeset("Přehled se nepodařilo načíst. Zkuste to prosím znovu.")}
          </p>
        ) : (
          <OverviewBody view={view} />
        )}
      </section>
      <KeepMonthsSetting initial={settings} />
    </AdminFrame>
  );
}

/** 7 dní / 30 dní / 12 měsíců: links, so that the address keeps her choice (and Back works). */
function RangeSwitch({ range }: { range: StatsRange }) {
  return (
    <nav aria-label="Období">
      <ul className="grid grid-cols-3 rounded-2xl bg-cream p-1 ring-1 ring-moss/30">
        {statsRanges.map((option) => (
          <li key={option}>
            <Link
              to={`${paths.adminOverview}?${rangeParam}=${option}`}
              aria-current={option === range ? "page" : undefined}
              replace
              preventScrollReset
              className={clsx(
                "flex min-h-11 items-center justify-center rounded-xl px-3 text-[0.9375rem] font-semibold whitespace-nowrap",
                option === range ? "bg-moss text-cream" : "text-moss-dark hover:bg-sage-light",
              )}
            >
              {statsRangeLabels[option]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function OverviewBody({ view }: { view: OverviewView }) {
  const nothingYet = view.views.total === 0 && view.views.previousTotal === 0;
  return (
    <>
      <Attention items={view.attention} />
      {nothingYet ? (
        <div
          data-overview-empty
          className="mt-6 flex items-start gap-3 rounded-3xl bg-white/80 p-5 ring-1 ring-bark/10"
        >
          <Sprout aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-moss-dark" />
          <p className="leading-relaxed text-bark">
            {typeset(
              "Zatím tu nejsou žádné návštěvy. Jakmile si někdo otevře váš web, uvidíte tady, kolik lidí přišlo, co četli a odkud k vám našli cestu. Návštěvy se počítají bez cookies a bez cizích služeb, takže nikoho nemusíte žádat o souhlas.",
            )}
          </p>
        </div>
      ) : (
        <>
          <dl className="mt-6 grid grid-cols-2 gap-3 sm:gap-4">
            <Total label="Návštěvníci" trend={view.visitors} range={view.range} />
            <Total label="Zobrazení stránek" trend={view.views} range={view.range} />
          </dl>
          <div className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-2">
            <TrendChart
              id="visitors"
              title="Návštěvníci"
              range={view.range}
              current={view.visitors.current}
              previous={view.visitors.previous}
            />
            <TrendChart
              id="views"
              title="Zobrazení stránek"
              range={view.range}
              current={view.views.current}
              previous={view.views.previous}
            />
          </div>
        </>
      )}
      <div className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-3">
        <TopList
          id="top-pages"
          title="Nejčtenější stránky"
          unit="zobrazení"
          empty="Zatím si žádnou stránku nikdo neotevřel."
          rows={view.topPages.map((page) => ({
            key: page.key,
            label: page.label,
            count: page.views,
          }))}
        />
        <TopList
          id="referrers"
          title="Odkud přišli"
          unit="zobrazení"
          empty="Zatím nikdo nepřišel odkazem z jiného webu."
          rows={view.referrers.map((row) => ({
            key: row.domain,
            label: row.domain,
            count: row.views,
          }))}
        />
        <TopList
          id="campaigns"
          title="Kampaně"
          unit="zobrazení"
          empty="Zatím nikdo nepřišel odkazem s označením kampaně."
          rows={view.campaigns.map((row) => ({
            key: row.label,
            label: row.label,
            count: row.views,
          }))}
        />
      </div>
      <Conversions rows={view.conversions} unit={view.unit} />
    </>
  );
}

function Total({ label, trend, range }: { label: string; trend: Trend; range: StatsRange }) {
  const value = trend.total;
  const direction = changeDirection(value, trend.previousTotal);
  const change = describeChange(value, trend.previousTotal, range);
  return (
    <div className="rounded-3xl bg-white/80 p-4 ring-1 ring-bark/10 sm:p-5" data-total={label}>
      <dt className="text-[0.9375rem] text-bark-soft">{label}</dt>
      <dd className="mt-1 text-3xl font-semibold text-bark tabular-nums sm:text-4xl">
        {formatCount(value)}
      </dd>
      {change && (
        <dd
          className={clsx(
            "mt-1 flex items-start gap-1 text-sm",
            direction === "down" ? "text-terracotta-dark" : "text-moss-dark",
          )}
        >
          {direction === "up" && <ArrowUpRight aria-hidden="true" className="size-4 shrink-0" />}
          {direction === "down" && (
            <ArrowDownRight aria-hidden="true" className="size-4 shrink-0" />
          )}
          <span>{change}</span>
        </dd>
      )}
    </div>
  );
}

/** What waits for her, as links to where she handles it; a quiet line when nothing does. */
function Attention({ items }: { items: OverviewView["attention"] }) {
  return (
    <section aria-labelledby="attention-heading" data-attention className="mt-5">
      <h3 id="attention-heading" className="sr-only">
        Čeká na vás
      </h3>
      {items.length === 0 ? (
        <p className="flex items-center gap-2 text-bark-soft">
          <BellRing aria-hidden="true" className="size-5 text-moss-dark" />
          {typeset("Nic nečeká na vyřízení.")}
        </p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-3">
          {items.map((item) => (
            <li key={item.key}>
              <Link
                to={item.to}
                className="flex min-h-12 items-center gap-3 rounded-2xl bg-terracotta/12 px-4 py-2 font-semibold text-bark ring-1 ring-terracotta-dark/25 hover:bg-terracotta/20"
              >
                <BellRing aria-hidden="true" className="size-5 shrink-0 text-terracotta-dark" />
                <span className="min-w-0 flex-1">
                  {typeset(`${item.label}: ${formatCount(item.count)}`)}
                </span>
                <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-moss-dark" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      data-list={id}
      className="rounded-3xl bg-white/80 p-4 ring-1 ring-bark/10 sm:p-5"
    >
      <h3 id={`${id}-heading`} className="font-semibold text-bark">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** A short ranked list with a bar under each row, its length the row's share of the first. */
function TopList({
  id,
  title,
  unit,
  empty,
  rows,
}: {
  id: string;
  title: string;
  unit: string;
  empty: string;
  rows: { key: string; label: string; count: number }[];
}) {
  const most = Math.max(1, ...rows.map((row) => row.count));
  return (
    <Card id={id} title={title}>
      {rows.length === 0 ? (
        <p className="mt-2 text-[0.9375rem] text-bark-soft">{typeset(empty)}</p>
      ) : (
        <ol className="mt-3 grid gap-2.5">
          {rows.map((row) => (
            <li key={row.key} className="text-[0.9375rem]">
              <div className="flex items-baseline justify-between gap-3">
                <span className="min-w-0 break-words text-bark">{row.label}</span>
                <span className="shrink-0 font-semibold text-bark tabular-nums">
                  {formatCount(row.count)}
                  <span className="sr-only"> {unit}</span>
                </span>
              </div>
              <div aria-hidden="true" className="mt-1 h-1.5 rounded-full bg-sand/70">
                <div
                  className="h-full rounded-full bg-sage"
                  style={{ width: `${Math.max(4, (row.count / most) * 100)}%` }}
                />
              </div>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

/** What visitors asked for: how many, a day (a month) on average and per 100 visitors. */
function Conversions({
  rows,
  unit,
}: {
  rows: OverviewView["conversions"];
  unit: OverviewView["unit"];
}) {
  return (
    <div className="mt-4">
      <Card id="conversions" title="Co si lidé vyžádali">
        <table className="mt-2 w-full border-collapse text-left text-[0.9375rem] tabular-nums">
          <thead>
            <tr className="border-b border-bark/15 text-sm text-bark-soft">
              <th scope="col" className="py-1.5 pr-2 font-medium">
                <span className="sr-only">Co</span>
              </th>
              <th scope="col" className="py-1.5 pr-2 text-right font-medium">
                Celkem
              </th>
              <th scope="col" className="py-1.5 pr-2 text-right font-medium">
                {unit === "month" ? "Za měsíc" : "Za den"}
              </th>
              <th scope="col" className="py-1.5 text-right font-medium">
                Na 100 návštěvníků
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} data-conversion={row.key} className="border-b border-bark/5">
                <th scope="row" className="py-2 pr-2 font-normal text-bark">
                  {typeset(row.label)}
                </th>
                <td className="py-2 pr-2 text-right font-semibold text-bark">
                  {formatCount(row.count)}
                </td>
                <td className="py-2 pr-2 text-right text-bark-soft">
                  {formatDecimal(row.perPoint)}
                </td>
                <td className="py-2 text-right text-bark-soft">
                  {row.perHundred === null ? "–" : formatDecimal(row.perHundred)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </div>
  );
}
