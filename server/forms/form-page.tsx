/**
 * The page a form sent without scripts is answered with when the server
 * refused it: the form's own page from the page store, with that form rendered
 * again by its own component, holding what was typed and each message next
 * to its field. The page's scripts are left out: it is the answer for a
 * browser that does not run them, and hydrating a form that differs from
 * its pre-rendered markup would throw away what it shows.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import type { ContactFormValues, GiftFormType, GiftFormValues } from "#shared/form-schemas";
import { formPlaces } from "#shared/routes";
import { ContactForm } from "~/components/forms/contact-form";
import { GiftForm } from "~/components/forms/gift-form";
import type { SubmittedForm } from "~/components/forms/submitted-form";
import { isExecutable } from "../security-headers";

export type RefusedForm =
  | { formType: "contact"; submitted: SubmittedForm<ContactFormValues> }
  | { formType: GiftFormType; submitted: SubmittedForm<GiftFormValues> };

const inlineOrLinkedScript = /<script\b([^>]*)>[\s\S]*?<\/script>/gi;

/** Renders refused forms into their pages, as `readPage` gives them (the page store). */
export function createFormPageRenderer(readPage: (path: string) => Promise<string | undefined>) {
  return async function renderFormPage(form: RefusedForm): Promise<string> {
    const { page, formId } = formPlaces[form.formType];
    const html = await readPage(page);
    if (html === undefined) throw new Error(`${page}: not in the page store`);
    const formElement = new RegExp(`<form\\b[^>]*\\bid="${formId}"[^>]*>[\\s\\S]*?</form>`, "g");
    const found = html.match(formElement)?.length ?? 0;
    if (found !== 1) throw new Error(`${page}: expected one form #${formId}, found ${found}`);
    const rendered = renderToStaticMarkup(renderForm(form));
    return html
      .replace(formElement, () => rendered)
      .replace(inlineOrLinkedScript, (script, attributes: string) =>
        isExecutable(attributes) || /\bsrc\s*=/i.test(attributes) ? "" : script,
      );
  };
}

function renderForm(form: RefusedForm) {
  if (form.formType === "contact") {
    // The contact form reads the address (`?sluzba=`) through the router.
    return (
      <MemoryRouter>
        <ContactForm submitted={form.submitted} />
      </MemoryRouter>
    );
  }
  return <GiftForm formType={form.formType} submitted={form.submitted} />;
}
