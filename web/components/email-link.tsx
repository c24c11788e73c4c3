import { Fragment } from "react";
import { site } from "#shared/site";

/**
 * Splits an address where a line should break: after „@“ only
 * („lucie.markova@“, „example.cz“), so that neither the name nor the domain
 * is cut in two („lucie.markova@example / .cz“ reads as two things).
 */
export function splitEmailAddress(address: string): string[] {
  return address.split(/(?<=@)/);
}

/** A part's pieces, where it may break when it alone is wider than the line: before each dot. */
function splitBeforeDots(part: string): string[] {
  return part.split(/(?=\.)/);
}

/**
 * The parts of an address, each an inline block: a part goes to the next line
 * whole. Only a part wider than the line alone (a long name before „@“ on a
 * phone) breaks inside, before a dot; a piece between dots then stays whole
 * (`long: "overflow"`, the public pages' links) or, in the administration's
 * text (`long: "break"`), breaks too rather than widen a phone's page. The
 * link's underline is passed into the blocks, which would not draw it otherwise.
 */
function AddressParts({ address, long }: { address: string; long: "overflow" | "break" }) {
  // The parts and pieces of one address never change order, so an index is a stable key.
  return splitEmailAddress(address).map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: see above
    <Fragment key={index}>
      {index > 0 && <wbr />}
      <span
        data-address-part
        className={
          long === "break"
            ? "inline-block max-w-full [overflow-wrap:break-word] [text-decoration:inherit]"
            : "inline-block max-w-full [text-decoration:inherit]"
        }
      >
        {splitBeforeDots(part).map((piece, pieceIndex) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Fragment key={pieceIndex}>
            {pieceIndex > 0 && <wbr />}
            <span className={long === "break" ? undefined : "whitespace-nowrap"}>{piece}</span>
          </Fragment>
        ))}
      </span>
    </Fragment>
  ));
}

/** A mailto link whose address wraps after „@“ (see AddressParts). */
export function EmailLink({
  address = site.email,
  className,
}: {
  address?: string;
  className?: string;
}) {
  return (
    <a href={`mailto:${address}`} className={className}>
      <AddressParts address={address} long="overflow" />
    </a>
  );
}

/** An address as text that wraps after „@“, and never widens the page (see AddressParts). */
export function EmailAddress({ address }: { address: string }) {
  return (
    <span>
      <AddressParts address={address} long="break" />
    </span>
  );
}
