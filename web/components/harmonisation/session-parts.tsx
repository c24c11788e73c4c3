import { AudioWaveform, Coffee, FlaskConical, Hand, HandHeart, Moon } from "lucide-react";
import { useLoaderData } from "react-router";
import type { HarmonisationPage } from "#shared/content/page-harmonisation";
import type { HarmonisationTexts } from "~/components/harmonisation/session-story";
import { Eyebrow } from "~/components/ui/section";
import { czech } from "~/lib/typography";

/** The individual part's four paths: her texts, with their icons (the design's). */
function individualPaths(parts: HarmonisationPage["parts"]) {
  return [
    { key: "sound", icon: AudioWaveform, title: parts.soundBathTitle, text: parts.soundBathText },
    { key: "touch", icon: HandHeart, title: parts.touchTitle, text: parts.touchText },
    { key: "massage", icon: Hand, title: parts.massageTitle, text: parts.massageText },
    { key: "meditation", icon: Moon, title: parts.meditationTitle, text: parts.meditationText },
  ];
}

/** The three parts of a session, in the order they happen. */
export function SessionParts() {
  const { parts } = useLoaderData<HarmonisationTexts>().texts;
  return (
    <section
      id="prubeh"
      aria-labelledby="prubeh-heading"
      className="scroll-mt-20 bg-sand/60 px-5 py-16 sm:px-8 sm:py-24"
    >
      <div className="mx-auto max-w-5xl">
        <div className="mx-auto max-w-2xl text-center">
          <Eyebrow className="justify-center">{czech(parts.eyebrow)}</Eyebrow>
          <h2 id="prubeh-heading" className="mt-3 text-3xl font-semibold text-bark sm:text-4xl">
            {czech(parts.heading)}
          </h2>
          <p className="mt-5 text-lg leading-relaxed text-bark-soft">{czech(parts.intro)}</p>
        </div>

        <ol className="mt-14 space-y-6">
          <Step number={1} icon={Coffee} title={parts.firstStepTitle}>
            <p>{czech(parts.firstStepText)}</p>
          </Step>
          <Step number={2} icon={HandHeart} title={parts.secondStepTitle}>
            <p>{czech(parts.secondStepText)}</p>
            <ul className="mt-6 grid gap-4 sm:grid-cols-2">
              {individualPaths(parts).map(({ key, icon: Icon, title, text }) => (
                <li key={key} className="rounded-2xl bg-sand/50 p-5">
                  <h4 className="flex items-center gap-3 text-lg font-semibold text-bark">
                    <Icon aria-hidden="true" className="size-5 shrink-0 text-terracotta-dark" />
                    {czech(title)}
                  </h4>
                  <p className="mt-2 text-base leading-relaxed text-bark-soft">{czech(text)}</p>
                </li>
              ))}
            </ul>
          </Step>
          <Step number={3} icon={FlaskConical} title={parts.thirdStepTitle}>
            <p>{czech(parts.thirdStepText)}</p>
          </Step>
        </ol>
      </div>
    </section>
  );
}

type StepProps = {
  number: number;
  icon: typeof Coffee;
  title: string;
  children: React.ReactNode;
};

function Step({ number, icon: Icon, title, children }: StepProps) {
  return (
    <li className="relative rounded-[2rem] bg-cream p-6 shadow-sm ring-1 ring-bark/5 sm:p-9">
      <div className="flex items-center gap-4">
        <span className="flex size-14 shrink-0 items-center justify-center rounded-full bg-moss font-serif text-2xl font-semibold text-cream">
          {number}
        </span>
        <h3 className="text-2xl font-semibold text-bark sm:text-3xl">{czech(title)}</h3>
        <Icon aria-hidden="true" className="ml-auto hidden size-8 text-sage sm:block" />
      </div>
      <div className="mt-5 text-lg leading-relaxed text-bark-soft">{children}</div>
    </li>
  );
}
