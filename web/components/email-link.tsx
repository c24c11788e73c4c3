import { Fragment } from "react";
import { site } from "#shared/site";

/**
 * Splits an address where a line may break: after „@“ only
 * („lucie.markova@“, „example.cz“), so that neither the name nor the domain
 * is ever cut in two („lucie.markova@example / .cz“ read as two things).
 */
export function splitEmailAddress(address: string): string[] {
  return address.split(/(?<=@)/);
}

/**
 * The parts of an address, each an inline block: a part goes to the next line
 * whole, and breaks inside only when it alone is wider than the line (a very
 * long name before „@“), so it never widens a phone's page. The link's
 * underline is passed into the blocks, which would not draw it otherwise.
 */
function AddressParts({ address }: { address: string }) {
  return splitEmailAddress(address).map((part, index) => (
    // The parts of one address never change order, so the index is a stable key.
    // biome-ignore lint/suspicious/noArrayIndexKey: see above
    <Fragment key={index}>
      {index > 0 && <wbr />}
      <span
        data-address-part
        className="inline-block max-w-full [overflow-wrap:anywhere] [text-decoration:inherit]"
      >
        {part}
      </span>
    </Fragment>
  ));
}

/** A mailto link whose address wraps only after „@“ (see AddressParts). */
export function EmailLink({
  address = site.email,
  className,
}: {
  address?: string;
  className?: string;
}) {
  return (
    <a href={`mailto:${address}`} className={className}>
      <AddressParts address={address} />
    </a>
  );
}

/** An address as text that wraps only after „@“ (see AddressParts). */
export function EmailAddress({ address }: { address: string }) {
  return (
    <span>
      <AddressParts address={address} />
    </span>
  );
}
