import { desc, eq } from "drizzle-orm";
import type { Database } from "#database/open-database";
import { formSubmissions } from "#database/schema";
import type { Submission } from "#shared/submission";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every submission, newest first, with the field names the administration page reads. */
export async function listSubmissions(db: Database): Promise<Submission[]> {
  const rows = await db
    .select()
    .from(formSubmissions)
    .orderBy(desc(formSubmissions.createdAt), desc(formSubmissions.id));
  return rows.map((row) => ({
    id: row.id,
    created_at: row.createdAt.toISOString(),
    form_type: row.formType,
    name: row.name,
    email: row.email,
    phone: row.phone,
    service_type: row.serviceType,
    message: row.message,
    privacy_consent: row.privacyConsent,
  }));
}

/** Deletes one submission (and, by cascade, its e-mails); false when there is none with that id. */
export async function deleteSubmission(db: Database, id: string): Promise<boolean> {
  if (!uuidPattern.test(id)) return false;
  const deleted = await db
    .delete(formSubmissions)
    .where(eq(formSubmissions.id, id))
    .returning({ id: formSubmissions.id });
  return deleted.length > 0;
}
