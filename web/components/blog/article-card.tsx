import { ArrowRight, Flame, Leaf, Sparkles } from "lucide-react";
import type { ComponentType, SVGProps } from "react";
import { ArticleFacts } from "~/components/blog/article-facts";
import { PhotoPicture } from "~/components/content-photo";
import { Blossom, LeafSprig } from "~/components/ui/botanical";
import type { ArticleSummary } from "~/lib/article-summary";
import { czech } from "~/lib/typography";

const topicIcons: Record<string, ComponentType<SVGProps<SVGSVGElement>>> = {
  Rituály: Flame,
  Byliny: Leaf,
  "Péče o sebe": Sparkles,
};

/**
 * One article as a card that leads to its page. A plain link: on the home
 * page the card is static markup (web/progressive/static-part.tsx), and the
 * article is a pre-rendered page of its own.
 */
export function ArticleCard({
  article,
  headingLevel: Heading = "h3",
}: {
  article: ArticleSummary;
  headingLevel?: "h2" | "h3";
}) {
  const Icon = topicIcons[article.topic] ?? Leaf;
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-[2rem] bg-white/70 shadow-soft ring-1 ring-bark/5 transition-shadow focus-within:ring-2 focus-within:ring-moss hover:shadow-lg">
      {article.cover ? (
        // Her cover photo; lazy: the list's first screen is its heading.
        <div aria-hidden="true" className="bg-sand">
          <PhotoPicture
            photo={article.cover}
            aspect={{ width: 16, height: 9 }}
            sizes="(min-width: 1024px) 23rem, (min-width: 768px) 50vw, 100vw"
          />
        </div>
      ) : (
        <div
          aria-hidden="true"
          className="relative flex h-28 items-center justify-center overflow-hidden bg-linear-to-br from-sage-light via-sand/70 to-cream"
        >
          <LeafSprig className="absolute -bottom-8 left-4 h-32 -rotate-[30deg] text-moss/30" />
          <LeafSprig className="absolute -top-10 right-6 h-28 rotate-[150deg] text-moss/20" />
          <Blossom className="absolute right-16 bottom-3 size-7 text-terracotta/60" />
          <span className="relative flex size-16 items-center justify-center rounded-full bg-cream/90 text-moss-dark shadow-soft">
            <Icon className="size-7" />
          </span>
        </div>
      )}
      <div className="flex flex-1 flex-col p-6 sm:p-7">
        <ArticleFacts article={article} />
        <Heading className="mt-3 text-2xl leading-snug font-semibold text-bark">
          {/* The whole card answers to a tap: the link's area covers it. */}
          <a
            href={article.path}
            className="outline-none after:absolute after:inset-0 after:content-[''] hover:underline hover:underline-offset-4"
          >
            {czech(article.title)}
          </a>
        </Heading>
        <p className="mt-3 leading-relaxed text-pretty text-bark-soft">
          {czech(article.description)}
        </p>
        <p
          aria-hidden="true"
          className="mt-auto flex items-center gap-2 pt-4 font-semibold text-moss-dark"
        >
          Číst článek
          <ArrowRight className="size-5" />
        </p>
      </div>
    </article>
  );
}
