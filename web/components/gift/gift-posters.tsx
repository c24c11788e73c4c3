import { Blossom, LeafSprig } from "~/components/ui/botanical";

/**
 * Decorative covers of the two gifts, drawn rather than photographed. Hidden
 * from assistive technology: the facts they show are written out beside them.
 */
export function RitualPoster() {
  return (
    <div
      aria-hidden="true"
      className="relative isolate flex aspect-[16/9] items-center justify-center overflow-hidden rounded-[2rem] bg-linear-to-br from-[#f6dcc4] via-[#efc9a8] to-[#e3a27a] shadow-lifted"
    >
      <div className="absolute size-56 rounded-full bg-[#fbe9d2]/70 blur-2xl sm:size-72" />
      <div className="absolute bottom-[-30%] left-[-10%] h-3/5 w-[120%] rounded-[50%] bg-sage/70" />
      <div className="absolute bottom-[-45%] left-[-20%] h-3/5 w-[140%] rounded-[50%] bg-moss/80" />
      <LeafSprig className="absolute bottom-2 left-4 w-16 text-cream sm:w-24" />
      <Blossom className="absolute top-5 right-6 w-10 text-cream sm:w-14" />
      <div className="relative text-center text-bark">
        <p className="font-serif text-6xl font-semibold sm:text-7xl">1&nbsp;min</p>
        <p className="mt-1 text-sm font-semibold uppercase tracking-[0.25em]">denně</p>
      </div>
      <p className="absolute top-5 left-6 rounded-full bg-cream/90 px-3 py-1 text-xs font-semibold text-bark">
        video
      </p>
    </div>
  );
}

export function FragrancePoster() {
  return (
    <div
      aria-hidden="true"
      className="relative isolate flex aspect-[16/9] items-center justify-center overflow-hidden rounded-[2rem] bg-linear-to-br from-sage-light via-[#cfd8bd] to-sage shadow-lifted"
    >
      <div className="absolute size-56 rounded-full bg-cream/60 blur-2xl sm:size-72" />
      <LeafSprig className="absolute -bottom-4 -left-2 w-20 -rotate-12 text-moss-dark sm:w-28" />
      <LeafSprig className="absolute -right-2 -bottom-4 w-16 rotate-12 text-moss-dark sm:w-24" />
      <Blossom className="absolute top-5 left-6 w-10 text-terracotta-dark sm:w-12" />
      <div className="relative flex flex-col items-center">
        <div className="h-5 w-7 rounded-t-md bg-bark" />
        <div className="flex h-24 w-20 items-center justify-center rounded-[1.75rem] border-2 border-bark/70 bg-[#f3d9a4]/90 sm:h-28 sm:w-24">
          <div className="rounded-md bg-cream px-2 py-1 font-serif text-sm font-semibold text-bark">
            tvoje
          </div>
        </div>
      </div>
      <ul className="absolute top-5 right-5 flex flex-col items-end gap-1.5 text-xs font-semibold text-bark">
        <li className="rounded-full bg-cream/90 px-3 py-1">hlava</li>
        <li className="rounded-full bg-cream/90 px-3 py-1">srdce</li>
        <li className="rounded-full bg-cream/90 px-3 py-1">základ</li>
      </ul>
    </div>
  );
}
