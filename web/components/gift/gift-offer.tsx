import { clsx } from "clsx";
import { Check, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Eyebrow } from "~/components/ui/section";
import { typeset } from "~/lib/typography";

type GiftOfferProps = {
  id: string;
  /** e.g. "Dárek č. 1". */
  eyebrow: string;
  title: string;
  paragraphs: readonly string[];
  /** Short facts shown as chips: an icon and a few words. */
  facts: readonly { icon: LucideIcon; text: string }[];
  /** What the visitor receives. */
  benefits: readonly string[];
  /** The picture above the form: decorative, its facts repeat in the chips. */
  poster: ReactNode;
  formTitle: string;
  formIntro: string;
  form: ReactNode;
  tone: "cream" | "sand";
};

/** One free gift: what it is, what she gets, and the form to ask for it. */
export function GiftOffer({
  id,
  eyebrow,
  title,
  paragraphs,
  facts,
  benefits,
  poster,
  formTitle,
  formIntro,
  form,
  tone,
}: GiftOfferProps) {
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={clsx(
        "scroll-mt-20 px-5 py-16 sm:px-8 sm:py-24",
        tone === "sand" ? "bg-sand/60" : "bg-cream",
      )}
    >
      <div className="mx-auto grid max-w-6xl gap-10 lg:grid-cols-[1fr_minmax(0,30rem)] lg:gap-16">
        <div>
          <Eyebrow>{eyebrow}</Eyebrow>
          <h2 id={headingId} className="mt-3 text-3xl font-semibold text-bark sm:text-4xl">
            {typeset(title)}
          </h2>
          <div className="mt-6 space-y-5 text-lg leading-relaxed text-bark-soft">
            {paragraphs.map((paragraph) => (
              <p key={paragraph}>{typeset(paragraph)}</p>
            ))}
          </div>
          <ul className="mt-7 flex flex-wrap gap-3">
            {facts.map(({ icon: Icon, text }) => (
              <li
                key={text}
                className="inline-flex items-center gap-2 rounded-full bg-cream px-4 py-2 text-sm font-semibold text-moss-dark ring-1 ring-moss/20"
              >
                <Icon aria-hidden="true" className="size-4 shrink-0" />
                {typeset(text)}
              </li>
            ))}
          </ul>
          <h3 className="mt-10 text-2xl font-semibold text-bark">Co dostaneš</h3>
          <ul className="mt-5 space-y-4">
            {benefits.map((benefit) => (
              <li key={benefit} className="flex gap-3 text-lg leading-relaxed text-bark-soft">
                <span className="mt-1 flex size-6 shrink-0 items-center justify-center rounded-full bg-moss text-cream">
                  <Check aria-hidden="true" className="size-4" strokeWidth={3} />
                </span>
                {typeset(benefit)}
              </li>
            ))}
          </ul>
        </div>
        <div>
          {poster}
          <h3 className="mt-10 text-2xl font-semibold text-bark">{typeset(formTitle)}</h3>
          <p className="mt-2 leading-relaxed text-bark-soft">{typeset(formIntro)}</p>
          <div className="mt-5">{form}</div>
        </div>
      </div>
    </section>
  );
}
