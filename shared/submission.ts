/** How a submission's e-mails fared: all sent, some still waiting, or at least one failed. */
export type MailState = "sent" | "pending" | "failed";

/** A form submission as the administration API sends it and the administration page reads it. */
export type Submission = {
  id: string;
  created_at: string;
  form_type: string;
  name: string;
  email: string;
  phone: string | null;
  service_type: string | null;
  /**
   * The chosen offer's name in the form, as her list has it now, retired offers included
   * (decision 0042); absent where no list was read.
   */
  service_label?: string | null;
  message: string | null;
  privacy_consent: boolean;
  /** When the owner opened or marked it; null while it is new. */
  read_at?: string | null;
  /** When she marked it handled; null while it waits. */
  handled_at?: string | null;
  /** The worst fate among its e-mails; null when it caused none. */
  mail_state?: MailState | null;
};

/** One e-mail a submission caused, as the detail view shows it. */
export type SubmissionMail = {
  id: number;
  kind: string;
  to: string;
  subject: string;
  /** `waiting`: a gift e-mail held until the gift has a material. */
  status: MailState | "waiting";
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
};

export type SubmissionDetail = { submission: Submission; mails: SubmissionMail[] };

/** What the owner can set on a submission: opened, handled, or new again. */
export const submissionStates = ["read", "handled", "new"] as const;
export type SubmissionStateChange = (typeof submissionStates)[number];
