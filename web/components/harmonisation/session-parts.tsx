import { AudioWaveform, Coffee, FlaskConical, Hand, HandHeart, Moon } from "lucide-react";
import { Eyebrow } from "~/components/ui/section";
import { czech } from "~/lib/typography";

const individualPaths = [
  {
    icon: AudioWaveform,
    title: "Zvuková lázeň",
    text: "Tóny tibetských mís, gongu a bubnu rozvibrují tělo a rozpustí i napětí, které si běžně ani neuvědomujete.",
  },
  {
    icon: HandHeart,
    title: "Vědomý dotek",
    text: "Jemný, laskavý a plně přítomný dotek, který tělu vrací pocit bezpečí a klidu.",
  },
  {
    icon: Hand,
    title: "Intuitivní masáž",
    text: "Masáž s mými květinovými oleji, vedená tím, o co si vaše tělo právě řekne.",
  },
  {
    icon: Moon,
    title: "Řízená meditace",
    text: "Svým hlasem vás provedu vnitřní krajinou – k odpočinku, jasnosti a k vlastním odpovědím.",
  },
] as const;

/** The three parts of a session, in the order they happen. */
export function SessionParts() {
  return (
    <section
      id="prubeh"
      aria-labelledby="prubeh-heading"
      className="scroll-mt-20 bg-sand/60 px-5 py-16 sm:px-8 sm:py-24"
    >
      <div className="mx-auto max-w-5xl">
        <div className="mx-auto max-w-2xl text-center">
          <Eyebrow className="justify-center">Tři části jednoho rituálu</Eyebrow>
          <h2 id="prubeh-heading" className="mt-3 text-3xl font-semibold text-bark sm:text-4xl">
            {czech("Jak setkání probíhá")}
          </h2>
          <p className="mt-5 text-lg leading-relaxed text-bark-soft">
            {czech(
              "Setkání má svůj pevný rámec – začátek, střed a konec. Uvnitř něj je ale dost prostoru pro to, co přinesete.",
            )}
          </p>
        </div>

        <ol className="mt-14 space-y-6">
          <Step number={1} icon={Coffee} title="Kakaový rituál">
            <p>
              {czech(
                "Setkání otevíráme šálkem ceremoniálního kakaa. Jemně zahřeje tělo, otevře srdce a pomůže vám zpomalit. Zapálíme svíčku, pročistíme prostor bylinným vykuřovadlem a společně pojmenujeme záměr, se kterým přicházíte.",
              )}
            </p>
          </Step>
          <Step number={2} icon={HandHeart} title="Individuální část">
            <p>
              {czech(
                "Podle toho, co právě potřebujete, zvolíme jednu z cest. Často to víte předem, jindy to spolu vycítíme během kakaového rituálu.",
              )}
            </p>
            <ul className="mt-6 grid gap-4 sm:grid-cols-2">
              {individualPaths.map(({ icon: Icon, title, text }) => (
                <li key={title} className="rounded-2xl bg-sand/50 p-5">
                  <h4 className="flex items-center gap-3 text-lg font-semibold text-bark">
                    <Icon aria-hidden="true" className="size-5 shrink-0 text-terracotta-dark" />
                    {title}
                  </h4>
                  <p className="mt-2 text-base leading-relaxed text-bark-soft">{czech(text)}</p>
                </li>
              ))}
            </ul>
          </Step>
          <Step number={3} icon={FlaskConical} title="Tvorba osobní vůně">
            <p>
              {czech(
                "Na závěr si z olejů, pryskyřic a bylin namícháte vlastní osobní vůni. Odnesete si ji domů jako kotvu – stačí k ní přivonět a vrátí vás k pocitu, který se ve vás během setkání probudil.",
              )}
            </p>
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
        <h3 className="text-2xl font-semibold text-bark sm:text-3xl">{title}</h3>
        <Icon aria-hidden="true" className="ml-auto hidden size-8 text-sage sm:block" />
      </div>
      <div className="mt-5 text-lg leading-relaxed text-bark-soft">{children}</div>
    </li>
  );
}
