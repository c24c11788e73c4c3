/**
 * The personal data of form submissions: each submission (a name, an address, a phone number,
 * a message) and the gift link it was given (a digest, deleted with it). The owner's retention
 * rule ages submissions out; an export or erasure of an address covers the ones sent from it.
 * Their e-mails go with them (a cascade), and are exported as e-mails (`mail-personal-data.ts`).
 */
import { count, lt, sql } from "drizzle-orm";
import { formSubmissions, giftLinks } from "#database/schema";
import { declareAddressPart, type PersonalDataRegistration } from "../personal-data";
import { deleteSubmissions, type SubmissionRow, toSubmission } from "./submissions";

export const submissionPersonalData: PersonalDataRegistration = {
  module: "server/admin/submissions.ts",
  tables: [formSubmissions, giftLinks],
  address: declareAddressPart<SubmissionRow[]>({
    find: (db, email) =>
      db
        .select()
        .from(formSubmissions)
        .where(sql`lower(${formSubmissions.email}) = ${email.toLowerCase()}`)
        .orderBy(formSubmissions.createdAt),
    summarize: (found) => ({ submissions: found.length }),
    export: async (_db, found) => ({
      submissions: found.map((row) => {
        // How its e-mails fared is in `mails`, each with its own status.
        const { mail_state: _, ...submission } = toSubmission(row, null);
        return submission;
      }),
    }),
    erase: async (tx, found, { by, at }) => {
      await deleteSubmissions(
        tx,
        found.map((row) => row.id),
        "gdpr_erase",
        { kind: "account", ...by },
        at,
      );
    },
  }),
  retention: {
    key: "submissions",
    count: async (db, cutoff) => {
      const [row] = await db
        .select({ submissions: count() })
        .from(formSubmissions)
        .where(lt(formSubmissions.createdAt, cutoff));
      return row?.submissions ?? 0;
    },
    delete: async (tx, cutoff, now) => {
      const old = await tx
        .select({ id: formSubmissions.id })
        .from(formSubmissions)
        .where(lt(formSubmissions.createdAt, cutoff));
      const gone = await deleteSubmissions(
        tx,
        old.map((row) => row.id),
        "retention",
        { kind: "server" },
        now,
      );
      return gone.length;
    },
  },
};
