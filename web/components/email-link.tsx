import { clsx } from "clsx";
import { Fragment } from "react";
import { site } from "#shared/site";

/**
 * Splits an address where a line may break: after „@“ and before each dot
 * („ahoj@“, „harmonieprirody“, „.cz“).
 */
export function splitEmailAddress(address: string): string[] {
  return address.split(/(?<=@)|(?=\.)/);
}

/**
 * A mailto link whose address wraps only after „@“ or before a dot, never
 * inside a word: each part refuses to break and a <wbr> sits between parts.
 */
export function EmailLink({
  address = site.email,
  className,
}: {
  address?: string;
  className?: string;
}) {
  const parts = splitEmailAddress(address);
  return (
    <a href={`mailto:${address}`} className={clsx("[overflow-wrap:normal]", className)}>
      {parts.map((part, index) => (
        // The parts of one address never change order, so the index is a stable key.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Fragment key={index}>
          {index > 0 && <wbr />}
          <span className="whitespace-nowrap">{part}</span>
        </Fragment>
      ))}
    </a>
  );
}

/**
 * An address as text that wraps after „@“ or before a dot; inside a part only
 * when that part alone is wider than the line (a very long name before „@“).
 */
export function EmailAddress({ address }: { address: string }) {
  return (
    <span className="[overflow-wrap:break-word]">
      {splitEmailAddress(address).map((part, index) => (
        // The parts of one address never change order, so the index is a stable key.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
