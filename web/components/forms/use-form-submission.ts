import { useRef, useState } from "react";
import {
  type FormSubmissionPayload,
  type FormType,
  honeypotField,
  rateLimitedMessageFor,
  sendFailedMessage,
  successMessages,
} from "#shared/form-schemas";
import { giftWaitingNotices } from "#shared/gift-waiting";
import { newsletterSentMessageTy } from "#shared/newsletter";
import { czech } from "#shared/typography";
import { postFormSubmission } from "~/lib/post-form-submission";

export type FormOutcome =
  | { state: "idle" }
  | { state: "sent"; message: string }
  | { state: "failed"; message: string };

type Fields = Omit<FormSubmissionPayload, "formType" | typeof honeypotField>;

export type FormSubmission = ReturnType<typeof useFormSubmission>;

/**
 * Sends a form and remembers how it ended. `send` resolves to true only when
 * the submission is stored, so the form knows when to clear itself.
 */
export function useFormSubmission(formType: FormType) {
  const [outcome, setOutcome] = useState<FormOutcome>({ state: "idle" });
  // Only the request counts as sending, not the validation before it.
  const [sending, setSending] = useState(false);
  const honeypotRef = useRef<HTMLInputElement>(null);

  async function send(fields: Fields): Promise<boolean> {
    setOutcome({ state: "idle" });
    setSending(true);
    const result = await postFormSubmission({
      formType,
      ...fields,
      [honeypotField]: honeypotRef.current?.value ?? "",
    } as FormSubmissionPayload);
    setSending(false);
    if (result.status === "sent") {
      const ticked = "newsletter" in fields && fields.newsletter === true;
      setOutcome({ state: "sent", message: sentMessage(formType, result.giftWaits, ticked) });
      return true;
    }
    console.error("The form could not be sent", result.error);
    setOutcome({
      state: "failed",
      message:
        result.status === "rate-limited" ? rateLimitedMessageFor(formType) : sendFailedMessage,
    });
    return false;
  }

  return {
    outcome,
    sending,
    send,
    clearOutcome: () => setOutcome({ state: "idle" }),
    honeypotRef,
  };
}

/**
 * The specification's thank-you, what happens next when the gift is not ready yet, and, with the
 * newsletter's box ticked, that its confirmation e-mail comes too (nothing else before it).
 */
export function sentMessage(formType: FormType, giftWaits: boolean, newsletter = false): string {
  if (formType === "contact") return successMessages[formType];
  const parts: string[] = [successMessages[formType]];
  if (giftWaits) parts.push(czech(giftWaitingNotices[formType].afterSending));
  if (newsletter) parts.push(czech(newsletterSentMessageTy));
  return parts.join(" ");
}
