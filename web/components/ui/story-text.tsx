import type { LucideIcon } from "lucide-react";
import { Eyebrow } from "~/components/ui/section";
import { czech } from "~/lib/typography";

/** Her paragraphs of a story, in the large text the story sections use. */
export function StoryParagraphs({ paragraphs }: { paragraphs: readonly string[] }) {
  return (
    <div className="mt-6 space-y-5 text-lg leading-relaxed text-bark-soft">
      {paragraphs.map((paragraph) => (
        <p key={paragraph}>{czech(paragraph)}</p>
      ))}
    </div>
  );
}

/** A story section's eyebrow, heading (`headingId` labels the section) and paragraphs. */
export function StoryText({
  headingId,
  texts,
}: {
  headingId: string;
  texts: { eyebrow: string; heading: string; paragraphs: readonly string[] };
}) {
  return (
    <>
      <Eyebrow>{czech(texts.eyebrow)}</Eyebrow>
      <h2 id={headingId} className="mt-3 text-3xl font-semibold text-bark sm:text-4xl">
        {czech(texts.heading)}
      </h2>
      <StoryParagraphs paragraphs={texts.paragraphs} />
    </>
  );
}

/** A card's icon in its round badge (`badgeClassName`: its colours), title and text. */
export function IconCardText({
  icon: Icon,
  title,
  text,
  badgeClassName,
}: {
  icon: LucideIcon;
  title: string;
  text: string;
  badgeClassName: string;
}) {
  return (
    <>
      <span className={`flex size-12 items-center justify-center rounded-full ${badgeClassName}`}>
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h3 className="mt-5 text-xl font-semibold text-bark">{czech(title)}</h3>
      <p className="mt-3 leading-relaxed text-bark-soft">{czech(text)}</p>
    </>
  );
}
