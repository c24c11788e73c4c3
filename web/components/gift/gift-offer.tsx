import { clsx } from "clsx";
import type { ReactNode } from "react";
import { typeset } from "~/lib/typography";

type GiftOfferProps = {
  id: string;
  /** What the gift is and what she gets (`GiftAbout`, its heading `${id}-heading`). */
  about: ReactNode;
  /** The picture above the form: decorative, its facts repeat in the chips. */
  poster: ReactNode;
  formTitle: string;
  formIntro: string;
  form: ReactNode;
  tone: "cream" | "sand";
};

/** One free gift: what it is, what she gets, and the form to ask for it. */
export function GiftOffer({ id, about, poster, formTitle, formIntro, form, tone }: GiftOfferProps) {
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
        {about}
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
