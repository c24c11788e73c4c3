import { BookOpen, CalendarHeart, Download, Headphones } from "lucide-react";
import { BackHomeLink } from "~/components/back-home-link";
import { Eyebrow } from "~/components/ui/section";
import { typeset } from "~/lib/typography";

const offer = [
  {
    icon: Headphones,
    title: "Nahrávky meditací",
    text: "Řízené meditace a zvukové lázně k poslechu doma – ráno pro dobrý začátek dne, večer pro klidný spánek.",
  },
  {
    icon: BookOpen,
    title: "Obsah online kurzů",
    text: "Lekce kurzů, které právě chystám: krok za krokem, vlastním tempem a s možností vracet se k nim.",
  },
  {
    icon: Download,
    title: "Materiály ke stažení",
    text: "Návody a recepty na oleje, vykuřovadla a osobní vůně, pracovní listy k rituálům i malé inspirace na každý den.",
  },
  {
    icon: CalendarHeart,
    title: "Pozvánky jako první",
    text: "O nových živých setkáních a workshopech pro ženy se dozvíte dřív než ostatní.",
  },
] as const;

/**
 * What members find here. The page is pre-rendered while materials come and
 * go, so nothing here says whether they are ready yet: the member area above
 * shows what there is.
 */
export function MembersContent() {
  return (
    <section aria-labelledby="obsah-heading" className="bg-sand/60 px-5 py-16 sm:px-8 sm:py-24">
      <div className="mx-auto max-w-6xl">
        <div className="mx-auto max-w-2xl text-center">
          <Eyebrow className="justify-center">Co vás tu čeká</Eyebrow>
          <h2 id="obsah-heading" className="mt-3 text-3xl font-semibold text-bark sm:text-4xl">
            {typeset("Co v členské sekci najdete")}
          </h2>
          <p className="mt-5 text-lg leading-relaxed text-bark-soft">
            {typeset(
              "Chci, aby vám rituály a meditace byly po ruce i mezi našimi setkáními – doma, v klidu a kdykoli je budete potřebovat.",
            )}
          </p>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2">
          {offer.map(({ icon: Icon, title, text }) => (
            <li
              key={title}
              className="flex gap-5 rounded-[2rem] bg-cream p-6 shadow-sm ring-1 ring-bark/5 sm:p-8"
            >
              <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-sage-light text-moss-dark">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <div>
                <h3 className="text-xl font-semibold text-bark">{typeset(title)}</h3>
                <p className="mt-2 leading-relaxed text-bark-soft">{typeset(text)}</p>
              </div>
            </li>
          ))}
        </ul>
        <div className="mt-12 flex justify-center">
          <BackHomeLink look="button" />
        </div>
      </div>
    </section>
  );
}
