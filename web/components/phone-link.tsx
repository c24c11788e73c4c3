/**
 * A phone number as a `tel:` link: the number as she wrote it, its spaces kept from breaking
 * („+420 777 123 456“ on one line); the link dials the digits and a leading „+“ only.
 */
export function PhoneLink({ phone, className }: { phone: string; className?: string }) {
  return (
    <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className={className}>
      {phone.trim().replaceAll(" ", "\u00a0")}
    </a>
  );
}
