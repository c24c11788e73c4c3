/** The bodies of the administration's inbox routes, checked on the server and typed for the page. */
import * as z from "zod/mini";
import { limits } from "./form-schemas";
import { submissionStates } from "./submission";

export const inboxMessages = {
  stateInvalid: "Neznámý stav záznamu.",
  addressInvalid: "Zadejte e-mailovou adresu.",
  retentionInvalid: "Zadejte počet měsíců od 1 do 120, nebo mazání vypněte.",
  notFound: "Záznam nebyl nalezen",
  mailNotFound: "E-mail nebyl nalezen.",
  mailNotFailed: "Tento e-mail neselhal, není co posílat znovu.",
  ownAccount: "Vlastní účet takto smazat nelze.",
} as const;

export const stateChangeSchema = /* @__PURE__ */ z.strictObject({
  state: z.enum(submissionStates, inboxMessages.stateInvalid),
});

export const addressSchema = /* @__PURE__ */ z.strictObject({
  email: z
    .string(inboxMessages.addressInvalid)
    .check(
      z.trim(),
      z.minLength(3, inboxMessages.addressInvalid),
      z.maxLength(limits.emailMax, inboxMessages.addressInvalid),
      z.includes("@", inboxMessages.addressInvalid),
    ),
});

/** The longest retention the page offers: ten years. */
export const maxRetentionMonths = 120;

export const retentionSchema = /* @__PURE__ */ z.strictObject({
  months: z.nullable(
    z
      .int(inboxMessages.retentionInvalid)
      .check(
        z.minimum(1, inboxMessages.retentionInvalid),
        z.maximum(maxRetentionMonths, inboxMessages.retentionInvalid),
      ),
  ),
});

export type RetentionSetting = { months: number | null; last_run_at: string | null };
/** What a rule would delete now (`POST /api/admin/retention/preview`). */
export type RetentionPreview = {
  submissions: number;
  bookings: number;
  /** Sign-ups of events that ended before the cut-off. */
  eventSignups: number;
};

/** What an erasure by address removes, counted before she confirms it. */
export type AddressSummary = {
  email: string;
  submissions: number;
  /** Her bookings made with the address. */
  bookings: number;
  /** Its sign-ups for her events. */
  eventSignups: number;
  /** Its newsletter subscriptions (at most one). */
  subscribers: number;
  mails: number;
  account: boolean;
};
