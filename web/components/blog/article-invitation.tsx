import { Gift, HeartHandshake } from "lucide-react";
import { paths } from "#shared/routes";
import { LeafSprig } from "~/components/ui/botanical";
import { ButtonLink } from "~/components/ui/button";
import { czech } from "~/lib/typography";

/**
 * The quiet ending of every article: where to go on, without pressure. Only the
 * two ways on: each article's last paragraph already says why, in its own words.
 */
export function ArticleInvitation() {
  return (
    <aside
      aria-labelledby="pozvani-heading"
      className="relative isolate overflow-hidden rounded-[2rem] bg-sage-light/70 p-7 sm:p-10"
    >
      <LeafSprig className="pointer-events-none absolute -right-8 -bottom-10 -z-10 w-36 -rotate-12 text-moss/20" />
      <h2 id="pozvani-heading" className="text-2xl font-semibold text-bark sm:text-3xl">
        {czech("Když budete chtít pokračovat")}
      </h2>
      <div className="mt-6 flex flex-wrap gap-3">
        <ButtonLink to={paths.harmonisation}>
          <HeartHandshake aria-hidden="true" className="size-5" />
          {czech("Harmonizační setkání")}
        </ButtonLink>
        <ButtonLink to={paths.gift} variant="secondary">
          <Gift aria-hidden="true" className="size-5" />
          Dárek zdarma
        </ButtonLink>
      </div>
    </aside>
  );
}
