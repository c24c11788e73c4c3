/**
 * The personal data of the outbox: every e-mail, with its recipient and its text. An address's
 * export and erasure cover the e-mails sent to it and those its submissions caused (the owner's
 * notifications of them included); the ones a submission caused also go with it.
 */
import { declareAddressPart, type PersonalDataRegistration } from "../personal-data";
import {
  deleteMail,
  findMailOfAddress,
  type MailJob,
  outboxTables,
  renderStoredMail,
  withoutLinkTokens,
} from "./outbox";

export const mailPersonalData: PersonalDataRegistration = {
  module: "server/mail/outbox.ts",
  tables: outboxTables,
  address: declareAddressPart<MailJob[]>({
    find: findMailOfAddress,
    summarize: (found) => ({ mails: found.length }),
    export: async (_db, found) => ({
      mails: (
        await Promise.all(
          found.map(async (mail) => ({
            ...mail,
            // Not sent yet: rendered now, as the worker will (an e-mail that cannot be has no text).
            text:
              mail.text ??
              (await renderStoredMail(mail).then(
                ({ text }) => text,
                () => null,
              )),
          })),
        )
      ).map((mail) => ({
        id: mail.id,
        submission_id: mail.submissionId,
        kind: mail.kind,
        to: mail.to,
        status: mail.status,
        subject: mail.subject,
        // A confirmation, recovery or gift link without its token, also while the e-mail waits.
        text: mail.text === null ? null : withoutLinkTokens(mail.text),
        created_at: mail.createdAt.toISOString(),
        sent_at: mail.sentAt?.toISOString() ?? null,
      })),
    }),
    // Those of the address's submissions went with them; these are the others.
    erase: async (tx, found) => {
      await deleteMail(
        tx,
        found.map((mail) => mail.id),
      );
    },
  }),
};
