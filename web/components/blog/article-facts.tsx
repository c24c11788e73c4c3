import { clsx } from "clsx";
import { CalendarDays, Clock } from "lucide-react";
import { type ArticleSummary, formatReadingTime } from "~/lib/article-summary";
import { czech } from "~/lib/typography";

/** The topic, the date and the reading time of an article, on one wrapping line. */
export function ArticleFacts({
  article,
  className,
}: {
  article: ArticleSummary;
  className?: string;
}) {
  return (
    <p className={clsx("flex flex-wrap items-center gap-x-4 gap-y-1 text-sm", className)}>
      <span className="font-semibold tracking-wider text-moss-dark uppercase">
        {czech(article.topic)}
      </span>
      <span className="flex items-center gap-1.5 text-bark-soft">
        <CalendarDays aria-hidden="true" className="size-4" />
        <time dateTime={article.date}>{article.dateLabel}</time>
      </span>
      <span className="flex items-center gap-1.5 text-bark-soft">
        <Clock aria-hidden="true" className="size-4" />
        {formatReadingTime(article.readingMinutes)}
      </span>
    </p>
  );
}
