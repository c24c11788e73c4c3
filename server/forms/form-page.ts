/**
 * The page a form sent without scripts is answered with when the server
 * refused it: the form's own page rendered by the page renderer, like any
 * other page, with the refused form as a render input (`refusedForm` in the
 * load context, read by the page's loader): the form holds what was typed and
 * each message next to its field, and the rest of the page is her published
 * content. The page's scripts are left out: it is the answer for a browser
 * that does not run them, and hydrating a form that differs from its
 * pre-rendered markup would throw away what it shows.
 */
import { formPlaces } from "#shared/routes";
import type { RefusedForm } from "~/components/forms/submitted-form";
import type { PageLoadContext } from "../pages/render-page";
import { isExecutable } from "../security-headers";

export type { RefusedForm };

const inlineOrLinkedScript = /<script\b([^>]*)>[\s\S]*?<\/script>/gi;

/**
 * Renders refused forms into their pages: `renderPage` is the page renderer's render of a path
 * with a load context, not stored (`Pages.renderPreview`).
 */
export function createFormPageRenderer(
  renderPage: (path: string, loadContext: PageLoadContext) => Promise<string>,
) {
  return async function renderFormPage(form: RefusedForm): Promise<string> {
    const { page, formId } = formPlaces[form.formType];
    const html = await renderPage(page, { refusedForm: form });
    const found = html.match(new RegExp(`<form\\b[^>]*\\bid="${formId}"`, "g"))?.length ?? 0;
    if (found !== 1) throw new Error(`${page}: expected one form #${formId}, found ${found}`);
    return withoutPageScripts(html);
  };
}

/** A rendered page without its scripts (its data blocks stay): an answer for a browser without them. */
export function withoutPageScripts(html: string): string {
  return html.replace(inlineOrLinkedScript, (script, attributes: string) =>
    isExecutable(attributes) || /\bsrc\s*=/i.test(attributes) ? "" : script,
  );
}
