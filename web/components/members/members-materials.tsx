import { Download, ExternalLink, FileText, Film, Image, Link2, Music } from "lucide-react";
import type { MemberMaterialJson } from "#shared/member-access";
import { paths } from "#shared/routes";
import { buttonClasses } from "~/components/ui/button";
import { typeset } from "~/lib/typography";

const kindLabels: Record<MemberMaterialJson["kind"], { label: string; icon: typeof Film }> = {
  video: { label: "Video", icon: Film },
  audio: { label: "Nahrávka", icon: Music },
  pdf: { label: "PDF", icon: FileText },
  image: { label: "Obrázek", icon: Image },
  link: { label: "Odkaz", icon: Link2 },
};

const megabytes = new Intl.NumberFormat("cs-CZ", { maximumFractionDigits: 1 });

/** „12,4 MB“, with a non-breaking space. */
export function sizeLabel(bytes: number): string {
  if (bytes < 1_000_000) return `${Math.max(1, Math.round(bytes / 1000))}\u00a0kB`;
  return `${megabytes.format(bytes / 1_000_000)}\u00a0MB`;
}

/**
 * The members' materials, in the owner's order: video and audio in the
 * browser's own players, PDFs and pictures to open or download, links to
 * open or, with a player of their own, embedded.
 */
export function MembersMaterials({ materials }: { materials: MemberMaterialJson[] }) {
  return (
    <ul className="grid gap-6 lg:grid-cols-2" aria-label="Vaše materiály">
      {materials.map((material) => (
        <li key={material.id}>
          <MaterialCard material={material} />
        </li>
      ))}
    </ul>
  );
}

function MaterialCard({ material }: { material: MemberMaterialJson }) {
  const { label, icon: Icon } = kindLabels[material.kind];
  const headingId = `material-${material.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col rounded-[2rem] bg-cream p-5 shadow-sm ring-1 ring-bark/10 sm:p-7"
    >
      <p className="flex items-center gap-2 text-sm font-semibold text-terracotta-dark">
        <Icon aria-hidden="true" className="size-4" />
        {label}
        {material.size ? (
          <span className="font-normal text-bark-soft">· {sizeLabel(material.size)}</span>
        ) : null}
      </p>
      <h3 id={headingId} className="mt-2 text-2xl font-semibold text-bark">
        {typeset(material.title)}
      </h3>
      {material.description ? (
        <p className="mt-2 leading-relaxed text-bark-soft">{typeset(material.description)}</p>
      ) : null}
      <div className="mt-5 grow">
        <MaterialBody material={material} />
      </div>
    </article>
  );
}

function MaterialBody({ material }: { material: MemberMaterialJson }) {
  const { kind, url, title } = material;
  if (kind === "video") {
    return (
      <>
        {/* biome-ignore lint/a11y/useMediaCaption: the owner's own recordings come without captions */}
        <video
          controls
          preload="metadata"
          playsInline
          src={url}
          aria-label={title}
          className="aspect-video w-full rounded-2xl bg-bark"
        />
        <DownloadLink url={url} />
      </>
    );
  }
  if (kind === "audio") {
    return (
      <>
        {/* biome-ignore lint/a11y/useMediaCaption: a recording of a meditation, its description above */}
        <audio controls preload="metadata" src={url} aria-label={title} className="w-full" />
        <DownloadLink url={url} />
      </>
    );
  }
  if (kind === "image") {
    return (
      <>
        <img src={url} alt={title} loading="lazy" className="w-full rounded-2xl" />
        <div className="mt-4 flex flex-wrap gap-3">
          <OpenLink url={url} label="Otevřít obrázek" />
          <DownloadLink url={url} inline />
        </div>
      </>
    );
  }
  if (kind === "pdf") {
    return (
      <div className="flex flex-wrap gap-3">
        <OpenLink url={url} label="Otevřít PDF" />
        <DownloadLink url={url} inline />
      </div>
    );
  }
  return (
    <>
      {material.embedUrl && documentMayFrame() ? (
        <iframe
          src={material.embedUrl}
          title={title}
          loading="lazy"
          allow="fullscreen; picture-in-picture; encrypted-media"
          referrerPolicy="strict-origin-when-cross-origin"
          className="aspect-video w-full rounded-2xl bg-bark"
        />
      ) : null}
      <div className="mt-4">
        <OpenLink url={url} label="Otevřít odkaz" external />
      </div>
    </>
  );
}

/**
 * Whether this document was answered for the members' section, whose policy allows the players
 * of its links. Reached by the router from another page (after signing out of the
 * administration, say), it keeps that page's policy: the link then opens on the host instead
 * of a player the browser would refuse.
 */
function documentMayFrame(): boolean {
  const [navigation] = performance.getEntriesByType("navigation");
  const path = navigation && new URL(navigation.name).pathname.replace(/(.)\/$/, "$1");
  return path === undefined || path === paths.members;
}

function OpenLink({ url, label, external }: { url: string; label: string; external?: boolean }) {
  return (
    <a
      href={url}
      target="_blank"
      rel={external ? "noopener noreferrer" : "noopener"}
      className={buttonClasses("primary")}
    >
      <ExternalLink aria-hidden="true" className="size-5" />
      {label}
    </a>
  );
}

function DownloadLink({ url, inline }: { url: string; inline?: boolean }) {
  return (
    <a
      href={url}
      download
      className={inline ? buttonClasses("secondary") : `mt-3 ${buttonClasses("ghost")}`}
    >
      <Download aria-hidden="true" className="size-5" />
      Stáhnout
    </a>
  );
}
