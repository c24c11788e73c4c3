import { Fragment } from "react";

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
 * phone) breaks inside: before a dot, each piece between dots whole
 * (`long: "overflow"`, the links), or, in the administration's text
 * (`long: "break"`), wherever it must rather than widen a phone's page (a
 * table keeps its parts whole: it scrolls sideways instead, ui/table.tsx). The
 * link's underline is passed into the blocks, which would not draw it otherwise.
 */
function AddressParts({ address, long }: { address: string; long: "overflow" | "break" }) {
  // The parts and pieces of one address never change order, so an index is a stable key.
  return splitEmailAddress(address).map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: see above
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {long === "break" ? (
        // One piece: a part wider than the line breaks wherever it must.
        <span
          data-address-part
          className="inline-block max-w-full [overflow-wrap:anywhere] [text-decoration:inherit]"
        >
          {part}
        </span>
      ) : (
        <span data-address-part className="inline-block max-w-full [text-decoration:inherit]">
          {splitBeforeDots(part).map((piece, pieceIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Fragment key={pieceIndex}>
              {pieceIndex > 0 && <wbr />}
              <span className="whitespace-nowrap">{piece}</span>
            </Fragment>
          ))}
        </span>
      )}
    </Fragment>
  ));
}

/**
 * A mailto link whose address wraps after „@“ (see AddressParts). Her own address comes from her
 * published facts (`useSiteOperator`), never from code.
 */
export function EmailLink({ address, className }: { address: string; className?: string }) {
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
