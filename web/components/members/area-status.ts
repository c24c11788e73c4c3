import { useEffect, useState } from "react";

/**
 * Who the members' area of /clenska-sekce has let in, for the page's other
 * parts (the hero's button). The area's code loads after the page's, so it
 * tells them by an event; the last status is kept for a part that mounts later.
 */
export type MemberAreaStatus = "signed-out" | "member" | "no-role";

const eventName = "member-area:status";
let lastStatus: MemberAreaStatus = "signed-out";

export function announceMemberAreaStatus(status: MemberAreaStatus) {
  lastStatus = status;
  window.dispatchEvent(new CustomEvent<MemberAreaStatus>(eventName, { detail: status }));
}

/** The area's status; "signed-out" on the pre-rendered page and until the area has looked. */
export function useMemberAreaStatus(): MemberAreaStatus {
  const [status, setStatus] = useState<MemberAreaStatus>("signed-out");
  useEffect(() => {
    setStatus(lastStatus);
    const listener = (event: Event) => setStatus((event as CustomEvent<MemberAreaStatus>).detail);
    window.addEventListener(eventName, listener);
    return () => window.removeEventListener(eventName, listener);
  }, []);
  return status;
}
