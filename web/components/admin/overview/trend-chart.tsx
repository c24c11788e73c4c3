import { useEffect, useRef } from "react";
import { axisLabel, formatCount, periodLabel } from "#shared/overview-words";
import type { StatsRange } from "#shared/stats";

/** One point of a series: a day (`2026-11-23`) or a month (`2026-11`) and its count. */
export type TrendPoint = { period: string; value: number };

// The brand's colours (web/app.css): this period in moss, the one before faint sage.
const moss = "#4f6b4a";
const sage = "#a3b18a";
const bark = "#5c4f42";
const grid = "rgba(62, 51, 40, 0.1)";

const previousName: Record<StatsRange, string> = {
  "7d": "předchozích 7 dní",
  "30d": "předchozích 30 dní",
  "12m": "předchozích 12 měsíců",
};

/**
 * One count over time (visitors, or page views), with the period before it drawn faint behind,
 * point by point (its first day under this period's first day). The chart is a picture for the
 * eye; its words are the canvas's accessible name and, for every number, the table under
 * „Zobrazit jako tabulku“, which is also what a test reads.
 */
export function TrendChart({
  id,
  title,
  range,
  current,
  previous,
}: {
  id: string;
  title: string;
  range: StatsRange;
  current: readonly TrendPoint[];
  previous: readonly TrendPoint[];
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const total = current.reduce((sum, point) => sum + point.value, 0);
  const previousTotal = previous.reduce((sum, point) => sum + point.value, 0);
  const highest = current.reduce(
    (best, point) => (point.value > (best?.value ?? -1) ? point : best),
    undefined as TrendPoint | undefined,
  );
  const summary =
    `${title}: celkem ${formatCount(total)}, v ${previousName[range]} ${formatCount(previousTotal)}` +
    (highest && highest.value > 0
      ? `; nejvíc ${formatCount(highest.value)} (${periodLabel(highest.period)}).`
      : ".");

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    let stopped = false;
    let destroy = () => {};
    void import("~/components/admin/overview/chart-setup").then(({ Chart }) => {
      if (stopped) return;
      const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      const font = getComputedStyle(document.body).fontFamily;
      const chart = new Chart(element, {
        type: "line",
        data: {
          labels: current.map((point) => axisLabel(point.period)),
          datasets: [
            {
              label: `Předchozí období`,
              data: current.map((_, index) => previous[index]?.value ?? null),
              borderColor: sage,
              borderDash: [4, 4],
              borderWidth: 2,
              pointRadius: 0,
              tension: 0.3,
            },
            {
              label: title,
              data: current.map((point) => point.value),
              borderColor: moss,
              backgroundColor: "rgba(79, 107, 74, 0.12)",
              fill: "origin",
              borderWidth: 2.5,
              pointRadius: current.length > 14 ? 0 : 3,
              pointBackgroundColor: moss,
              tension: 0.3,
            },
          ],
        },
        options: {
          animation: still ? false : { duration: 400 },
          maintainAspectRatio: false,
          interaction: { mode: "index", intersect: false },
          locale: "cs-CZ",
          font: { family: font },
          scales: {
            x: {
              grid: { display: false },
              ticks: {
                color: bark,
                maxRotation: 0,
                autoSkip: true,
                maxTicksLimit: 5,
                font: { family: font },
              },
            },
            y: {
              beginAtZero: true,
              grid: { color: grid },
              border: { display: false },
              ticks: {
                color: bark,
                precision: 0,
                maxTicksLimit: 4,
                font: { family: font },
                callback: (value) => formatCount(Number(value)),
              },
            },
          },
          plugins: {
            tooltip: {
              callbacks: {
                title: (items) => {
                  const point = current[items[0]?.dataIndex ?? 0];
                  return point ? periodLabel(point.period) : "";
                },
                label: (item) =>
                  `${item.datasetIndex === 1 ? "Toto období" : "Předchozí období"}: ${formatCount(Number(item.raw ?? 0))}`,
              },
            },
          },
        },
      });
      destroy = () => chart.destroy();
    });
    return () => {
      stopped = true;
      destroy();
    };
  }, [current, previous, title]);

  return (
    <figure
      className="min-w-0 rounded-3xl bg-white/80 p-4 ring-1 ring-bark/10 sm:p-5"
      data-chart={id}
    >
      <figcaption className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-semibold text-bark">{title}</span>
        <span className="flex items-center gap-3 text-sm text-bark-soft">
          <span className="flex items-center gap-1.5">
            <span aria-hidden="true" className="inline-block h-0.5 w-4 bg-moss" />
            toto období
          </span>
          <span className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="inline-block h-0.5 w-4 border-t-2 border-dashed border-sage"
            />
            předchozí
          </span>
        </span>
      </figcaption>
      {/* chart.js sizes the canvas to this box: its width must come from the page, not the canvas. */}
      <div className="relative mt-3 h-44 w-full min-w-0 sm:h-56">
        <canvas ref={canvas} role="img" aria-label={summary} />
      </div>
      <details className="mt-3 text-[0.9375rem]">
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-moss-dark underline-offset-4 hover:underline">
          Zobrazit jako tabulku
        </summary>
        <table className="mt-2 w-full border-collapse text-left tabular-nums">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr className="border-b border-bark/15 text-bark-soft">
              <th scope="col" className="py-1.5 pr-3 font-medium">
                {range === "12m" ? "Měsíc" : "Den"}
              </th>
              <th scope="col" className="py-1.5 pr-3 text-right font-medium">
                Toto období
              </th>
              <th scope="col" className="py-1.5 text-right font-medium">
                Předchozí
              </th>
            </tr>
          </thead>
          <tbody>
            {current.map((point, index) => (
              <tr key={point.period} className="border-b border-bark/5">
                <th scope="row" className="py-1.5 pr-3 font-normal">
                  {periodLabel(point.period)}
                </th>
                <td className="py-1.5 pr-3 text-right">{formatCount(point.value)}</td>
                <td className="py-1.5 text-right text-bark-soft">
                  {formatCount(previous[index]?.value ?? 0)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
