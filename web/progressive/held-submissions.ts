/**
 * Forms sent before their code is there. A page's scripts start after it has
 * loaded (page-scripts.server.ts) and the forms far down a page hydrate later
 * still (LoadWhenNear); until a form is live the browser would post it to the
 * page itself and what was typed would be lost. The first script of every
 * page (`holdSubmissionsScript`, in web/root.tsx) holds such submissions; each
 * time a part of the page becomes live, `sendHeldSubmissions` sends again
 * those whose form now is.
 *
 * A form is live when the part it sits in (`[data-load-when-near]`), or else
 * the page, carries `data-hydrated="true"`. A held submission also tells its
 * part, with a `held-submission` event, to load its code now.
 */
export const heldSubmissionEvent = "held-submission";

export const holdSubmissionsScript = `(function(){var held=[];function live(form){var part=form.closest("[data-load-when-near]");return(part||document.documentElement).dataset.hydrated==="true"}addEventListener("submit",function(event){var form=event.target;if(!(form instanceof HTMLFormElement)||live(form))return;event.preventDefault();held.push([form,event.submitter]);form.dispatchEvent(new Event("${heldSubmissionEvent}",{bubbles:true}))},true);window.__sendHeldSubmissions=function(){held=held.filter(function(entry){if(!entry[0].isConnected)return false;if(!live(entry[0]))return true;entry[0].requestSubmit(entry[1]);return false})};window.__hasHeldSubmission=function(part){return held.some(function(entry){return part.contains(entry[0])})}})()`;

declare global {
  interface Window {
    __sendHeldSubmissions?: () => void;
    __hasHeldSubmission?: (part: Element) => boolean;
  }
}

/** Marks the part (or, without one, the page) live and sends what was held for it. */
export function markLive(part: HTMLElement = document.documentElement) {
  part.dataset.hydrated = "true";
  window.__sendHeldSubmissions?.();
}

export function hasHeldSubmission(part: Element): boolean {
  return window.__hasHeldSubmission?.(part) ?? false;
}
