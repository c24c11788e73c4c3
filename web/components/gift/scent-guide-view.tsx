import { Download, Leaf, Printer, TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import { paths } from "#shared/routes";
import { LeafSprig } from "~/components/ui/botanical";
import { buttonClasses } from "~/components/ui/button";
import {
  dropsLabel,
  type GuideBlock,
  type GuideRecipe,
  guideLabels,
  layerNames,
  type ScentGuide,
  totalDrops,
} from "~/lib/scent-guide";
import { czech, keepWordsWhole } from "~/lib/typography";

/** The guide's texts went through `czech()` (`typesetGuide`); hyphenated words stay whole here. */
const text = keepWordsWhole;

/**
 * The scent guide on her personal gift page (`/dar/<token>`): the same content as its
 * PDF, readable on a phone and printable on A4 (the print styles drop the site's header and
 * footer, the buttons and the backgrounds). `guide` is typeset already (`typesetGuide`).
 */
export function ScentGuideView({
  guide,
  greeting,
  pdfUrl,
}: {
  guide: ScentGuide;
  /** „Milá Jano,“; null: the page opens without a name. */
  greeting: string | null;
  /** The PDF under her own link. */
  pdfUrl: string;
}) {
  return (
    <main id="obsah" className="bg-cream print:bg-white">
      <header className="relative isolate overflow-hidden bg-linear-to-b from-sand/70 to-cream px-5 pt-12 pb-10 sm:px-8 sm:pt-16 print:bg-none print:p-0">
        <LeafSprig className="pointer-events-none absolute -top-4 -right-8 -z-10 w-36 rotate-12 text-sage/70 sm:w-52 print:hidden" />
        <div className="mx-auto max-w-3xl">
          <p className="text-sm font-semibold tracking-[0.2em] text-terracotta-dark uppercase">
            {guideLabels.eyebrow}
          </p>
          <h1 className="mt-3 text-4xl font-semibold text-moss-dark sm:text-5xl print:text-[26pt]">
            {guide.title}
          </h1>
          <p className="mt-4 text-xl leading-relaxed text-bark-soft print:text-[13pt]">
            {text(guide.subtitle)}
          </p>
          <div className="mt-7 flex flex-col gap-3 sm:flex-row print:hidden">
            <a href={pdfUrl} download className={buttonClasses("primary")}>
              <Download aria-hidden="true" className="size-5" />
              Stáhnout PDF
            </a>
            <PrintButton />
          </div>
        </div>
      </header>

      <article className="mx-auto max-w-3xl px-5 pb-16 sm:px-8 print:px-0 print:pb-0">
        <div className="space-y-4 border-t border-bark/15 pt-8 text-lg leading-relaxed text-bark print:pt-4 print:text-[11pt]">
          {greeting && <p className="font-serif text-2xl font-semibold text-bark">{greeting}</p>}
          {guide.intro.map((paragraph) => (
            <p key={paragraph}>{text(paragraph)}</p>
          ))}
        </div>

        <nav
          aria-label="Obsah průvodce"
          className="mt-10 rounded-[2rem] bg-sage-light/60 p-6 sm:p-8 print:hidden"
        >
          <p className="font-serif text-xl font-semibold text-bark">
            {czech("Co v průvodci najdeš")}
          </p>
          <ol className="mt-4 grid gap-x-6 gap-y-1 sm:grid-cols-2">
            {[...guide.sections, guide.recipesSection].map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="inline-flex min-h-11 items-center font-semibold text-moss-dark underline-offset-4 hover:underline"
                >
                  {text(section.title)}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        {guide.sections.map((section) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-nadpis`}
            className="mt-14 scroll-mt-24 print:mt-8"
          >
            <h2
              id={`${section.id}-nadpis`}
              className="text-3xl font-semibold text-moss-dark break-after-avoid print:text-[17pt]"
            >
              {text(section.title)}
            </h2>
            <div className="mt-5 space-y-5 print:mt-3 print:space-y-3">
              {section.blocks.map((block, index) => (
                // The blocks of a section never change order.
                // biome-ignore lint/suspicious/noArrayIndexKey: static content
                <Block key={index} block={block} />
              ))}
            </div>
          </section>
        ))}

        <section
          id={guide.recipesSection.id}
          aria-labelledby={`${guide.recipesSection.id}-nadpis`}
          className="mt-14 scroll-mt-24 print:mt-8 print:break-before-page"
        >
          <h2
            id={`${guide.recipesSection.id}-nadpis`}
            className="text-3xl font-semibold text-moss-dark print:text-[17pt]"
          >
            {text(guide.recipesSection.title)}
          </h2>
          <p className="mt-5 text-lg leading-relaxed text-bark print:text-[11pt]">
            {text(guide.recipesSection.intro)}
          </p>
          <div className="mt-8 grid gap-6 print:mt-4 print:gap-4">
            {guide.recipes.map((recipe) => (
              <RecipeCard key={recipe.id} recipe={recipe} />
            ))}
          </div>
        </section>

        <section aria-labelledby="zaver-nadpis" className="mt-14 break-inside-avoid print:mt-8">
          <h2 id="zaver-nadpis" className="text-3xl font-semibold text-moss-dark print:text-[17pt]">
            {text(guide.closing.title)}
          </h2>
          <div className="mt-5 space-y-4 text-lg leading-relaxed text-bark print:text-[11pt]">
            {guide.closing.paragraphs.map((paragraph) => (
              <p key={paragraph}>{text(paragraph)}</p>
            ))}
          </div>
        </section>

        <div className="mt-12 flex flex-col gap-3 sm:flex-row print:hidden">
          <Link to={paths.harmonisation} className={buttonClasses("primary")}>
            <Leaf aria-hidden="true" className="size-5" />
            Harmonizační setkání
          </Link>
          <Link to={paths.gift} className={buttonClasses("secondary")}>
            Zpět na dárky
          </Link>
        </div>
      </article>
    </main>
  );
}

function PrintButton() {
  return (
    <button type="button" onClick={() => window.print()} className={buttonClasses("secondary")}>
      <Printer aria-hidden="true" className="size-5" />
      Vytisknout
    </button>
  );
}

const bodyText = "text-lg leading-relaxed text-bark print:text-[11pt] print:leading-snug";

function Block({ block }: { block: GuideBlock }) {
  switch (block.kind) {
    case "paragraph":
      return <p className={bodyText}>{text(block.text)}</p>;
    case "list":
      return (
        <ul className={`list-disc space-y-2 pl-6 marker:text-terracotta ${bodyText}`}>
          {block.items.map((item) => (
            <li key={item}>{text(item)}</li>
          ))}
        </ul>
      );
    case "steps":
      return (
        <ol
          className={`list-decimal space-y-2 pl-6 marker:font-semibold marker:text-terracotta-dark ${bodyText}`}
        >
          {block.items.map((item) => (
            <li key={item}>{text(item)}</li>
          ))}
        </ol>
      );
    case "oils":
      return (
        <ul className="grid gap-3 sm:grid-cols-2 print:grid-cols-2 print:gap-2">
          {block.oils.map((oil) => (
            <li
              key={oil.name}
              className="break-inside-avoid rounded-2xl bg-white/70 p-4 ring-1 ring-bark/10 print:p-2"
            >
              <p className="font-semibold text-bark print:text-[10.5pt]">
                {text(oil.name)} <i className="font-normal text-bark-soft">{oil.latin}</i>
              </p>
              <p className="mt-1 leading-snug text-bark-soft print:text-[10pt]">
                {text(oil.character)}
              </p>
              {oil.caution ? (
                <p className="mt-2 flex gap-2 text-[0.9375rem] leading-snug font-semibold text-terracotta-dark print:text-[9.5pt]">
                  <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  <span>
                    <span className="sr-only">{guideLabels.caution} </span>
                    {text(oil.caution)}
                  </span>
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      );
    case "dilution":
      return (
        <div className="overflow-x-auto rounded-2xl ring-1 ring-bark/15 break-inside-avoid">
          <table className="w-full border-collapse text-left print:text-[10.5pt]">
            <thead className="bg-sand">
              <tr>
                {guideLabels.dilutionColumns.map((column) => (
                  <th key={column} scope="col" className="px-4 py-3 font-semibold text-bark">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row) => (
                <tr key={row.percent} className="border-t border-bark/10 bg-white/60">
                  <th scope="row" className="px-4 py-3 font-semibold whitespace-nowrap text-bark">
                    {row.percent}
                  </th>
                  <td className="px-4 py-3 whitespace-nowrap text-bark">{row.drops}</td>
                  <td className="px-4 py-3 text-bark-soft">{text(row.forWhom)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case "note":
      return (
        <aside className="break-inside-avoid rounded-2xl bg-sage-light/70 p-5 print:p-3">
          <p className="font-semibold text-moss-dark">{text(block.title)}</p>
          <p className="mt-1 leading-relaxed text-bark print:text-[10.5pt]">{text(block.text)}</p>
        </aside>
      );
  }
}

function RecipeCard({ recipe }: { recipe: GuideRecipe }) {
  return (
    <article
      id={recipe.id}
      aria-labelledby={`${recipe.id}-nadpis`}
      className="break-inside-avoid rounded-[2rem] bg-sand/70 p-6 sm:p-8 print:rounded-xl print:p-4"
    >
      <h3
        id={`${recipe.id}-nadpis`}
        className="text-2xl font-semibold text-terracotta-dark print:text-[14pt]"
      >
        {text(recipe.title)}
      </h3>
      <p className="mt-1 text-bark-soft italic print:text-[10.5pt]">{text(recipe.intent)}</p>
      <dl className="mt-4 space-y-1 text-bark print:mt-2 print:text-[10.5pt]">
        {(["head", "heart", "base"] as const).map((layer) => (
          <div key={layer} className="flex flex-wrap gap-x-2">
            <dt className="font-semibold">{layerNames[layer]}:</dt>
            <dd>
              {text(
                recipe[layer]
                  .map((ingredient) => `${ingredient.oil} ${dropsLabel(ingredient.drops)}`)
                  .join(", "),
              )}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-sm text-bark-soft italic print:text-[9.5pt]">
        {guideLabels.recipeTotal(totalDrops(recipe))}
      </p>
      <p className="mt-3 leading-relaxed text-bark print:text-[10.5pt]">
        <span className="font-semibold">{guideLabels.use}</span> {text(recipe.use)}
      </p>
    </article>
  );
}
