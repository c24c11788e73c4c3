/**
 * Forms sent before their code is there. A page's scripts start at the
 * visitor's first input (page-starter.ts) and the forms far down a page
 * hydrate later still (LoadWhenNear); until a form is live the browser would post it to the
 * page itself and what was typed would be lost. The first script of every
 * page (`holdSubmissionsScript`, in web/root.tsx) holds such submissions; each
 * time a part of the page becomes live, `sendHeldSubmissions` sends again
 * those whose form now is.
 *
 * A form is live when the part it sits in (`[data-load-when-near]`), or else
 * the page, carries `data-hydrated="true"`. A held submission also tells its
 * part, with a `held-submission` event, to load its code now; if the code
 * has not come after `heldSubmissionPatienceMs`, the browser posts the form
 * itself (`data-plain-post` lets that submission through).
 */
export const heldSubmissionEvent = "held-submission";

/**
 * How long a held submission waits for its code. If the scripts fail to load
 * (a dropped connection, a blocker), the form is then posted as it would be
 * without scripts: to `/formular`, which answers with a page.
 */
export const heldSubmissionPatienceMs = 8000;

// Written as plain ES5 in a string: it runs inline, before any module.
export const holdSubmissionsScript = `(function(){var held=[];function live(form){var part=form.closest("[data-load-when-near]");return(part||document.documentElement).dataset.hydrated==="true"}function plainPost(entry){held=held.filter(function(other){return other!==entry});if(!entry[0].isConnected||live(entry[0]))return;entry[0].setAttribute("data-plain-post","");entry[0].requestSubmit(entry[1])}addEventListener("submit",function(event){var form=event.target;if(!(form instanceof HTMLFormElement)||form.hasAttribute("data-plain-post")||live(form))return;event.preventDefault();var entry=[form,event.submitter];held.push(entry);setTimeout(function(){if(held.indexOf(entry)>=0)plainPost(entry)},${heldSubmissionPatienceMs});form.dispatchEvent(new Event("${heldSubmissionEvent}",{bubbles:true}))},true);window.__sendHeldSubmissions=function(){held=held.filter(function(entry){if(!entry[0].isConnected)return false;if(!live(entry[0]))return true;entry[0].requestSubmit(entry[1]);return false})};window.__hasHeldSubmission=function(part){return held.some(function(entry){return part.contains(entry[0])})}})()`;

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
