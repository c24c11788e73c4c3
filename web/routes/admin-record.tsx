import type { ShouldRevalidateFunctionArgs } from "react-router";
import { adminRecordPath, paths } from "#shared/routes";
import { RecordScreen } from "~/components/admin/record-screen";
import { changeSubmissionState, fetchSubmissionDetail } from "~/lib/admin-api";
import { loadAdminDetail } from "~/lib/admin-session";
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
  return loadAdminDetail(adminRecordPath(params.id), async () => {
    const detail = await fetchSubmissionDetail(params.id);
    return detail.submission.read_at ? detail : changeSubmissionState(params.id, "read");
  });
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
