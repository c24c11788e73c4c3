import type { ReactNode } from "react";
import { privacyAnchors } from "#shared/routes";
import { typeset } from "~/lib/typography";

/**
 * What the privacy notice's parts share: its sections (for the table of contents and their
 * anchors) and the few elements every section is made of. The notice's text lives in
 * `opening.tsx` and `closing.tsx`, which the pre-rendered page never loads (see StaticPart in
 * web/routes/privacy.tsx); only the retention section, which asks the server, is the route's own.
 */

/** The sections in order, for the table of contents and their anchors. */
export const sections = {
  controller: { id: "spravce", title: "Kdo vaše údaje spravuje" },
  purposes: { id: "co-a-proc", title: "Jaké údaje zpracovávám a proč" },
  retention: { id: "jak-dlouho", title: "Jak dlouho údaje uchovávám" },
  recipients: { id: "kdo-k-nim-ma-pristup", title: "Kdo k údajům má přístup" },
  cookies: { id: privacyAnchors.cookies, title: "Cookies a co si ukládá prohlížeč" },
  rights: { id: privacyAnchors.rights, title: "Vaše práva a jak je uplatnit" },
  complaint: { id: "stiznost", title: "Stížnost u dozorového úřadu" },
  changes: { id: "zmeny", title: "Změny těchto zásad" },
} as const;

export const linkClasses =
  "font-semibold text-moss-dark underline decoration-sage underline-offset-4 hover:decoration-moss-dark";

export function PrivacySection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="mt-14 scroll-mt-28">
      <h2 id={`${id}-heading`} className="text-2xl font-semibold text-bark sm:text-3xl">
        {typeset(title)}
      </h2>
      <div className="mt-5 space-y-4 text-[1.0625rem] leading-relaxed text-bark-soft">
        {children}
      </div>
    </section>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <p className="text-pretty">{children}</p>;
}

export function List({ items }: { items: string[] }) {
  return (
    <ul className="list-disc space-y-2 pl-6 marker:text-sage">
      {items.map((item) => (
        <li key={item} className="text-pretty">
          {typeset(item)}
        </li>
      ))}
    </ul>
  );
}
