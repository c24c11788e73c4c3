import type { ShouldRevalidateFunctionArgs } from "react-router";
import { adminRecordPath, paths } from "#shared/routes";
import { RecordScreen } from "~/components/admin/record-screen";
import { AdminApiError, changeSubmissionState, fetchSubmissionDetail } from "~/lib/admin-api";
import { requireAdminSession } from "~/lib/admin-session";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/admin-record";

export const meta = () =>
  pageMeta({
    title: "Záznam z formuláře",
    description: "Jeden záznam odeslaný formulářem webu, jen pro administrátory.",
    path: paths.adminRecord,
    noIndex: true,
  });

/**
 * The same checks as the list, then the record with its e-mails. Opening a
 * new record makes it read: it stops counting as new. The owner's
 * notification links here: without a session, the sign-in comes back here.
 */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const admin = await requireAdminSession({ returnTo: adminRecordPath(params.id) });
  try {
    let detail = await fetchSubmissionDetail(params.id);
    if (!detail.submission.read_at) detail = await changeSubmissionState(params.id, "read");
    return { email: admin.email, detail, missing: false, failed: false };
  } catch (error) {
    const missing = error instanceof AdminApiError && error.status === 404;
    return { email: admin.email, detail: null, missing, failed: !missing };
  }
}

export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname !== nextUrl.pathname;
}

export default function AdminRecordPage({ loaderData }: Route.ComponentProps) {
  return (
    <RecordScreen
      key={loaderData.detail?.submission.id ?? "none"}
      email={loaderData.email}
      initialDetail={loaderData.detail}
      missing={loaderData.missing}
      failed={loaderData.failed}
    />
  );
}
