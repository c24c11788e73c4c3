/**
 * The browser's calls of the administration's API, typed from the server's
 * own routes (`AdminApp`) with `hono/client`: a path, a method, a body or an
 * answer the server does not have does not compile. Each call carries the
 * signed-in administrator's access token. Only the administration's screens
 * and the sign-in's check of the admin role import it (the members' area has
 * `members-api.ts`, so that none of this loads there).
 */
import { type ClientResponse, hc } from "hono/client";
import type { AdminApp } from "#server/admin/admin-app";
import type {
  AdminBookingDetailJson,
  AdminBookingListJson,
  AdminBookingWindowJson,
} from "#shared/booking-admin";
import type { BookingSettings, BookingSettingsInput } from "#shared/booking-settings";
import type {
  ArticleInput,
  ArticleJson,
  ArticleListJson,
  ArticlePreviewJson,
  ArticleRevisionJson,
  ArticleSavedJson,
} from "#shared/content/article-schemas";
import type {
  ContentEntryJson,
  ContentListJson,
  ContentPreviewJson,
  ContentPublishJson,
  ContentRevisionsJson,
} from "#shared/content/content-admin";
import type { ContentData, ContentKey } from "#shared/content/content-items";
import type { PhotoChange, PhotoJson, PhotoListJson } from "#shared/content/photo-library";
import type {
  EventCountsJson,
  EventListJson,
  EventMessageJson,
  EventMessageRequest,
  EventRepeatJson,
  EventRepeatRequest,
  EventSignupJson,
} from "#shared/event-admin";
import type { EventInputPayload } from "#shared/events-schemas";
import type { AddressSummary, RetentionPreview, RetentionSetting } from "#shared/inbox-schemas";
import type {
  AdminMaterial,
  AdminMaterialsJson,
  MaterialChange,
  MaterialPlace,
  NewMaterial,
} from "#shared/materials";
import type {
  LetterInputPayload,
  LetterJson,
  LetterListJson,
  LetterPreviewJson,
  LetterTestJson,
} from "#shared/newsletter-letters";
import type { NewsletterListJson, NewsletterSubscriberJson } from "#shared/newsletter-schemas";
import type {
  StatsOverviewJson,
  StatsRange,
  StatsSettingsChange,
  StatsSettingsJson,
} from "#shared/stats";
import type { Submission, SubmissionDetail, SubmissionStateChange } from "#shared/submission";
import type {
  AccountRole,
  AuditPage,
  ConfirmationResendJson,
  RoleChangeJson,
  SessionListJson,
  UserListJson,
} from "#shared/user-admin";
import { AdminApiError, readAnswer } from "~/lib/api-answer";
import { getAuthClient } from "~/lib/auth-client";

/** The signed-in administrator's current access token (refreshed by the library when due). */
export async function currentAccessToken(): Promise<string> {
  const { data, error } = await getAuthClient().getSession();
  if (error || !data.session) throw error ?? new Error("Not signed in");
  return data.session.access_token;
}

const bearer = (accessToken: string) => ({ Authorization: `Bearer ${accessToken}` });

/** The administration's API, with this token or, without one, the session's current token. */
function adminApi(accessToken?: string) {
  return hc<AdminApp>("/api", {
    headers: async () => bearer(accessToken ?? (await currentAccessToken())),
  });
}

export { AdminApiError };

/** A path parameter as one segment (`hono/client` puts it in the path as it is). */
const segment = encodeURIComponent;

// --- The administration ---

/**
 * What the administration says to this session: come in; not an
 * administrator; not signed in; first the code from her app (`needs_code`,
 * an aal1 session of an account with an app); first set up an app
 * (`needs_setup`, when the server requires one).
 */
export type AdminAccess = "admin" | "not_admin" | "signed_out" | "needs_code" | "needs_setup";

/** Whether the account has the admin role; the server reads `user_roles` for it. */
export async function checkAdminAccess(accessToken: string): Promise<AdminAccess> {
  try {
    await readAnswer(adminApi(accessToken).admin.access.$get());
    return "admin";
  } catch (error) {
    if (!(error instanceof AdminApiError)) throw error;
    if (error.status === 401) return "signed_out";
    if (error.status !== 403) throw error;
    if (error.code === "aal2_required") return "needs_code";
    if (error.code === "two_factor_setup_required") return "needs_setup";
    return "not_admin";
  }
}

/** Every submission, newest first. */
export async function fetchSubmissions(accessToken: string): Promise<Submission[]> {
  return (await readAnswer(adminApi(accessToken)["form-submissions"].$get())).submissions;
}

/** Asks the API to delete one submission (the server side is `deleteSubmission` in server/admin). */
export async function requestSubmissionDeletion(accessToken: string, id: string): Promise<void> {
  await readAnswer(
    adminApi(accessToken)["form-submissions"][":id"].$delete({ param: { id: segment(id) } }),
  );
}

/** Accounts whose e-mail or name contains `search`, newest first. */
export function fetchUsers(accessToken: string, search = ""): Promise<UserListJson> {
  return readAnswer(adminApi(accessToken).admin.users.$get({ query: { q: search || undefined } }));
}

/** Gives or takes a role; refusals (unconfirmed address, last administrator) throw `AdminApiError`. */
export function changeRole(
  accessToken: string,
  change: { userId: string; role: AccountRole; grant: boolean },
): Promise<RoleChangeJson> {
  const role = adminApi(accessToken).admin.users[":id"].roles[":role"];
  const param = { param: { id: segment(change.userId), role: change.role } };
  return readAnswer(change.grant ? role.$put(param) : role.$delete(param));
}

/** Sends an unconfirmed account its confirmation e-mail again; refusals throw `AdminApiError`. */
export function resendConfirmation(
  accessToken: string,
  userId: string,
): Promise<ConfirmationResendJson> {
  return readAnswer(
    adminApi(accessToken).admin.users[":id"]["confirmation-email"].$post({
      param: { id: segment(userId) },
    }),
  );
}

/** Her own live sign-ins, this one first. */
export function fetchOwnSessions(accessToken: string): Promise<SessionListJson> {
  return readAnswer(adminApi(accessToken).admin.sessions.$get());
}

/** A page of the audit log, newest first; `before` continues after the last page's end. */
export function fetchAuditLog(accessToken: string, before?: number): Promise<AuditPage> {
  return readAnswer(
    adminApi(accessToken).admin["audit-log"].$get({
      query: { before: before ? String(before) : undefined },
    }),
  );
}

/** One submission with its e-mails. */
export function fetchSubmissionDetail(id: string): Promise<SubmissionDetail> {
  return readAnswer(adminApi()["form-submissions"][":id"].$get({ param: { id: segment(id) } }));
}

/** Opened, handled, or new again; answers with the record as it now is. */
export function changeSubmissionState(
  id: string,
  state: SubmissionStateChange,
): Promise<SubmissionDetail> {
  return readAnswer(
    adminApi()["form-submissions"][":id"].state.$post({
      param: { id: segment(id) },
      json: { state },
    }),
  );
}

/** Puts a failed e-mail back in the outbox. */
export function resendMail(id: number): Promise<{ queued: true }> {
  return readAnswer(adminApi().mail[":id"].resend.$post({ param: { id: String(id) } }));
}

export function summarizeAddress(email: string): Promise<AddressSummary> {
  return readAnswer(adminApi().admin.address.summary.$post({ json: { email } }));
}

export function exportAddress(email: string): Promise<unknown> {
  return readAnswer(adminApi().admin.address.export.$post({ json: { email } }));
}

export function eraseAddress(email: string): Promise<AddressSummary> {
  return readAnswer(adminApi().admin.address.erase.$post({ json: { email } }));
}

export function fetchRetention(): Promise<RetentionSetting> {
  return readAnswer(adminApi().admin.retention.$get());
}

/** How many submissions a rule of `months` would delete now, counted by the server. */
export function previewRetention(months: number | null): Promise<RetentionPreview> {
  return readAnswer(adminApi().admin.retention.preview.$post({ json: { months } }));
}

export function saveRetention(months: number | null): Promise<RetentionSetting> {
  return readAnswer(adminApi().admin.retention.$put({ json: { months } }));
}

// --- The materials ---

export function fetchMaterials(accessToken: string): Promise<AdminMaterialsJson> {
  return readAnswer(adminApi(accessToken).admin.materials.$get());
}

export async function createMaterial(
  accessToken: string,
  material: NewMaterial,
): Promise<AdminMaterial> {
  return (await readAnswer(adminApi(accessToken).admin.materials.$post({ json: material })))
    .material;
}

export async function changeMaterial(
  accessToken: string,
  id: string,
  change: MaterialChange,
): Promise<AdminMaterial> {
  const answer = adminApi(accessToken).admin.materials[":id"].$patch({
    param: { id: segment(id) },
    json: change,
  });
  return (await readAnswer(answer)).material;
}

export async function deleteMaterial(accessToken: string, id: string): Promise<void> {
  await readAnswer(
    adminApi(accessToken).admin.materials[":id"].$delete({ param: { id: segment(id) } }),
  );
}

export async function orderMaterials(
  accessToken: string,
  place: MaterialPlace,
  ids: string[],
): Promise<void> {
  await readAnswer(adminApi(accessToken).admin["material-order"].$put({ json: { place, ids } }));
}

export async function revokeGiftLink(accessToken: string, link: string): Promise<void> {
  await readAnswer(adminApi(accessToken).admin["gift-links"].revoke.$post({ json: { link } }));
}

export type UploadHandle = { done: Promise<AdminMaterial>; abort: () => void };

const uploadFailed = "Nahrávání se přerušilo. Zkontrolujte prosím připojení a zkuste to znovu.";

/**
 * Sends `file` with XMLHttpRequest, whose upload reports progress (neither fetch nor `hono/client`
 * can): `onProgress` gets the bytes sent so far. `answer` takes what the server answered; when it
 * gives nothing, the upload fails with the server's refusal (its message and fields), as it does
 * when the connection breaks or the upload is aborted.
 */
function uploadWithProgress<Result, Body>({
  method,
  address,
  accessToken,
  file,
  headers = {},
  onProgress,
  answer,
}: {
  method: "PUT" | "POST";
  address: string | URL;
  accessToken: string;
  file: File;
  headers?: Record<string, string>;
  onProgress: (sent: number, total: number) => void;
  answer: (status: number, body: Body | null) => Result | undefined;
}): { done: Promise<Result>; abort: () => void } {
  const request = new XMLHttpRequest();
  const done = new Promise<Result>((resolve, reject) => {
    request.open(method, address);
    for (const [name, value] of Object.entries(bearer(accessToken))) {
      request.setRequestHeader(name, value);
    }
    request.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.responseType = "json";
    request.upload.onprogress = (event) => onProgress(event.loaded, event.total || file.size);
    request.onload = () => {
      const body = request.response as
        | (Body & { error?: { code?: string; message?: string; fields?: Record<string, string> } })
        | null;
      const result = answer(request.status, body);
      if (result !== undefined) resolve(result);
      else
        reject(
          new AdminApiError(
            request.status,
            body?.error?.code,
            body?.error?.message ?? uploadFailed,
            body?.error?.fields,
          ),
        );
    };
    request.onerror = () => reject(new AdminApiError(0, "network", uploadFailed));
    request.onabort = () => reject(new AdminApiError(0, "aborted", "Nahrávání je zrušené."));
    request.send(file);
  });
  return { done, abort: () => request.abort() };
}

/**
 * Uploads a file as the material's file with XMLHttpRequest, whose upload
 * reports progress (neither fetch nor `hono/client` can): `onProgress` gets
 * the bytes sent so far. Its address comes from the typed client all the same.
 */
export function uploadMaterialFile(
  accessToken: string,
  id: string,
  file: File,
  onProgress: (sent: number, total: number) => void,
): UploadHandle {
  const address = hc<AdminApp>(`${location.origin}/api`).admin.materials[":id"].file.$url({
    param: { id: segment(id) },
  });
  return uploadWithProgress({
    method: "PUT",
    address,
    accessToken,
    file,
    headers: { "X-File-Name": encodeURIComponent(file.name) },
    onProgress,
    answer: (status, body: { material?: AdminMaterial } | null) =>
      status === 200 && body?.material ? body.material : undefined,
  });
}

// --- Her content ---

export function fetchContentList(accessToken: string): Promise<ContentListJson> {
  return readAnswer(adminApi(accessToken).admin.content.$get());
}

export async function fetchContentEntry<K extends ContentKey>(
  accessToken: string,
  key: K,
): Promise<ContentEntryJson<K>> {
  const entry = await readAnswer(
    adminApi(accessToken).admin.content[":key"].$get({ param: { key } }),
  );
  return entry as ContentEntryJson<K>;
}

export function fetchContentRevisions(
  accessToken: string,
  key: ContentKey,
): Promise<ContentRevisionsJson> {
  return readAnswer(adminApi(accessToken).admin.content[":key"].revisions.$get({ param: { key } }));
}

/** Stores her draft made from `version`; a refusal (fields, another tab's change) throws `AdminApiError`. */
export async function saveContentDraft<K extends ContentKey>(
  key: K,
  version: number,
  data: ContentData<K>,
): Promise<ContentEntryJson<K>> {
  const entry = await readAnswer(
    adminApi().admin.content[":key"].draft.$put({ param: { key }, json: { version, data } }),
  );
  return entry as ContentEntryJson<K>;
}

export function publishContent(key: ContentKey, version: number): Promise<ContentPublishJson> {
  return readAnswer(
    adminApi().admin.content[":key"].publish.$post({ param: { key }, json: { version } }),
  );
}

/** „Obnovit“: the revision published again. */
export function restoreContentRevision(
  key: ContentKey,
  revisionId: number,
  version: number,
): Promise<ContentPublishJson> {
  return readAnswer(
    adminApi().admin.content[":key"].revisions[":id"].restore.$post({
      param: { key, id: String(revisionId) },
      json: { version },
    }),
  );
}

// --- Her articles ---

export function fetchArticles(accessToken: string): Promise<ArticleListJson> {
  return readAnswer(adminApi(accessToken).admin.articles.$get());
}

export function fetchArticle(accessToken: string, id: string): Promise<ArticleJson> {
  return readAnswer(
    adminApi(accessToken).admin.articles[":id"].$get({ param: { id: segment(id) } }),
  );
}

export function fetchArticleRevisions(
  accessToken: string,
  id: string,
): Promise<{ revisions: ArticleRevisionJson[] }> {
  return readAnswer(
    adminApi(accessToken).admin.articles[":id"].revisions.$get({ param: { id: segment(id) } }),
  );
}

/** A new article; a refusal (fields, a slug taken) throws `AdminApiError`. */
export function createArticle(article: ArticleInput): Promise<ArticleSavedJson> {
  return readAnswer(adminApi().admin.articles.$post({ json: { article } }));
}

/** Her change of an article made from `version`. */
export function saveArticle(
  id: string,
  version: number,
  article: ArticleInput,
): Promise<ArticleSavedJson> {
  return readAnswer(
    adminApi().admin.articles[":id"].$put({
      param: { id: segment(id) },
      json: { version, article },
    }),
  );
}

/** „Obnovit“: an earlier version of the article published again. */
export function restoreArticleRevision(
  id: string,
  revision: number,
  version: number,
): Promise<ArticleSavedJson> {
  return readAnswer(
    adminApi().admin.articles[":id"].revisions[":revision"].restore.$post({
      param: { id: segment(id), revision: String(revision) },
      json: { version },
    }),
  );
}

/** Deletes her article, confirmed first; made from `version`, so a change meanwhile is not lost. */
export async function deleteArticle(id: string, version: number): Promise<void> {
  await readAnswer(
    adminApi().admin.articles[":id"].$delete({ param: { id: segment(id) }, json: { version } }),
  );
}

/** „Náhled“: the article's page as it is saved, in the site's design. */
export function fetchArticlePreview(id: string): Promise<ArticlePreviewJson> {
  return readAnswer(adminApi().admin.articles[":id"].preview.$get({ param: { id: segment(id) } }));
}

/** „Náhled“: the item's page rendered with her drafts (by default its first page). */
export function fetchContentPreview(key: ContentKey, page?: string): Promise<ContentPreviewJson> {
  return readAnswer(
    adminApi().admin.content[":key"].preview.$get({
      param: { key },
      query: page === undefined ? {} : { stranka: page },
    }),
  );
}

// --- Her photo library (server/photos/) ---

export function fetchPhotos(): Promise<PhotoListJson> {
  return readAnswer(adminApi().admin.photos.$get());
}

/** Her alt text and focal point; a refusal throws `AdminApiError` with the field's message. */
export async function changePhoto(id: string, change: PhotoChange): Promise<PhotoJson> {
  return (
    await readAnswer(
      adminApi().admin.photos[":id"].$patch({ param: { id: segment(id) }, json: change }),
    )
  ).photo;
}

/** Deletes a photo no place of the site shows; one that is shown is refused, naming where. */
export async function deletePhoto(id: string): Promise<void> {
  await readAnswer(adminApi().admin.photos[":id"].$delete({ param: { id: segment(id) } }));
}

export type PhotoUploadHandle = { done: Promise<PhotoJson>; abort: () => void };

/**
 * Uploads a photo with its alt text and focal point, with XMLHttpRequest for its progress (as
 * `uploadMaterialFile`): `onProgress` gets the bytes sent so far. The server then makes its
 * variants, which takes a few seconds more.
 */
export function uploadPhoto(
  accessToken: string,
  file: File,
  details: PhotoChange,
  onProgress: (sent: number, total: number) => void,
): PhotoUploadHandle {
  const address = hc<AdminApp>(`${location.origin}/api`).admin.photos.$url({
    query: {
      alt: details.alt,
      focusX: String(details.focusX),
      focusY: String(details.focusY),
      name: file.name,
    },
  });
  return uploadWithProgress({
    method: "POST",
    address,
    accessToken,
    file,
    onProgress,
    answer: (status, body: { photo?: PhotoJson } | null) =>
      status === 201 && body?.photo ? body.photo : undefined,
  });
}

// --- Her bookings ---

/** Her calendar from `from` (YYYY-MM-DD in Prague) for `days` days, and every booking waiting for her. */
export function fetchBookingWindow(
  accessToken: string,
  from: string,
  days: number,
): Promise<AdminBookingWindowJson> {
  return readAnswer(
    adminApi(accessToken).admin.bookings.$get({ query: { from, days: String(days) } }),
  );
}

/** The bookings she has not opened yet (her inbox shows them beside messages). */
export function fetchNewBookings(accessToken: string): Promise<AdminBookingListJson> {
  return readAnswer(adminApi(accessToken).admin.bookings.new.$get());
}

export function fetchBookingDetail(id: string): Promise<AdminBookingDetailJson> {
  return readAnswer(adminApi().admin.bookings[":id"].$get({ param: { id: segment(id) } }));
}

/** Opened: it stops counting as new. */
export function markBookingHandled(id: string): Promise<AdminBookingDetailJson> {
  return readAnswer(adminApi().admin.bookings[":id"].handled.$post({ param: { id: segment(id) } }));
}

export function confirmBooking(id: string): Promise<AdminBookingDetailJson> {
  return readAnswer(adminApi().admin.bookings[":id"].confirm.$post({ param: { id: segment(id) } }));
}

export function declineBooking(id: string, reason: string): Promise<AdminBookingDetailJson> {
  return readAnswer(
    adminApi().admin.bookings[":id"].decline.$post({
      param: { id: segment(id) },
      json: { reason },
    }),
  );
}

export function cancelBooking(id: string, reason: string): Promise<AdminBookingDetailJson> {
  return readAnswer(
    adminApi().admin.bookings[":id"].cancel.$post({
      param: { id: segment(id) },
      json: { reason },
    }),
  );
}

/** To a new start (an ISO moment); a time another booking holds is refused (409). */
export function moveBooking(id: string, startsAt: string): Promise<AdminBookingDetailJson> {
  // The 409 with the next free times is typed too; `readAnswer` turns it into an AdminApiError.
  const answer = adminApi().admin.bookings[":id"].move.$post({
    param: { id: segment(id) },
    json: { startsAt },
  });
  return readAnswer(answer as Promise<ClientResponse<AdminBookingDetailJson>>);
}

// --- Her newsletter's list ---

/** The subscribers, newest first, with the counts per state. */
export function fetchNewsletterSubscribers(): Promise<NewsletterListJson> {
  return readAnswer(adminApi().admin.newsletter.subscribers.$get());
}

/** The rows of the CSV export; the server records the export in the audit log. */
export async function exportNewsletterSubscribers(): Promise<NewsletterSubscriberJson[]> {
  return (await readAnswer(adminApi().admin.newsletter.export.$post())).subscribers;
}

/** Removes one subscriber (and the e-mails sent to it); refusals throw `AdminApiError`. */
export async function removeNewsletterSubscriber(id: string): Promise<void> {
  await readAnswer(
    adminApi().admin.newsletter.subscribers[":id"].$delete({ param: { id: segment(id) } }),
  );
}

// --- Her letters to the subscribers (server/newsletter/letters-admin-api.ts) ---

const letters = () => adminApi().admin.newsletter.letters;

/** Her letters, newest first, with their figures, her sending rate and how many are confirmed. */
export function fetchLetters(accessToken?: string): Promise<LetterListJson> {
  return readAnswer(adminApi(accessToken).admin.newsletter.letters.$get());
}

export function fetchLetter(id: string, accessToken?: string): Promise<LetterJson> {
  return readAnswer(
    adminApi(accessToken).admin.newsletter.letters[":id"].$get({ param: { id: segment(id) } }),
  );
}

/** A new draft; a refusal throws `AdminApiError` with each field's message. */
export function createLetter(letter: LetterInputPayload): Promise<LetterJson> {
  return readAnswer(letters().$post({ json: letter }));
}

/** Her change of a draft made from `letter.version`. */
export function saveLetter(id: string, letter: LetterInputPayload): Promise<LetterJson> {
  return readAnswer(letters()[":id"].$put({ param: { id: segment(id) }, json: letter }));
}

/** The letter as a subscriber gets it: its HTML for a sandboxed frame. */
export function fetchLetterPreview(id: string): Promise<LetterPreviewJson> {
  return readAnswer(letters()[":id"].preview.$get({ param: { id: segment(id) } }));
}

/** „Poslat zkoušku na můj e-mail“: answers where it went. */
export function sendTestLetter(id: string): Promise<LetterTestJson> {
  return readAnswer(letters()[":id"].test.$post({ param: { id: segment(id) } }));
}

/** „Odeslat všem přihlášeným“. */
export function sendLetter(id: string): Promise<LetterJson> {
  return readAnswer(letters()[":id"].send.$post({ param: { id: segment(id) } }));
}

/** „Naplánovat“ at a moment (her Prague day and time as an instant). */
export function scheduleLetter(id: string, scheduledAt: string): Promise<LetterJson> {
  return readAnswer(
    letters()[":id"].schedule.$post({ param: { id: segment(id) }, json: { scheduledAt } }),
  );
}

/** A scheduled letter called off: she can change it, send it or schedule it again. */
export function cancelLetter(id: string): Promise<LetterJson> {
  return readAnswer(letters()[":id"].cancel.$post({ param: { id: segment(id) } }));
}

/** „Zastavit odesílání“: a sending letter stops; those who have not got it yet will not. */
export function stopLetterSending(id: string): Promise<LetterJson> {
  return readAnswer(letters()[":id"].stop.$post({ param: { id: segment(id) } }));
}

/** Her sending rate, letters an hour. */
export async function saveLetterRate(lettersPerHour: number): Promise<number> {
  return (
    await readAnswer(adminApi().admin.newsletter["sending-rate"].$put({ json: { lettersPerHour } }))
  ).lettersPerHour;
}

// --- Her events (server/events/) ---

/** Her events: upcoming, drafts, past. */
export function fetchEvents(accessToken: string): Promise<EventListJson> {
  return readAnswer(adminApi(accessToken).admin.events.$get());
}

/** One event's people, with its counts. */
export function fetchEventSignups(
  accessToken: string,
  id: string,
): Promise<{ counts: EventCountsJson; signups: EventSignupJson[] }> {
  return readAnswer(
    adminApi(accessToken).admin.events[":id"].signups.$get({ param: { id: segment(id) } }),
  );
}

/** Deletes a draft; a published event is refused (it is cancelled instead). */
export async function deleteEventDraft(id: string): Promise<void> {
  await readAnswer(adminApi().admin.events[":id"].$delete({ param: { id: segment(id) } }));
}

/** „Opakovat“: the occurrences by `rule` up to `until`; a refusal throws with the field's message. */
export function repeatEvent(id: string, request: EventRepeatRequest): Promise<EventRepeatJson> {
  return readAnswer(
    adminApi().admin.events[":id"].repeat.$post({ param: { id: segment(id) }, json: request }),
  );
}

/** „Napsat všem přihlášeným“: how many people it goes to. */
export function sendEventMessage(
  id: string,
  message: EventMessageRequest,
): Promise<EventMessageJson> {
  return readAnswer(
    adminApi().admin.events[":id"].message.$post({ param: { id: segment(id) }, json: message }),
  );
}

/**
 * „Stáhnout CSV“: the file made by the server (which notes the download in the audit log), as
 * bytes: reading it as text would drop the byte-order mark Czech Excel needs.
 */
export async function downloadEventSignupsCsv(
  id: string,
): Promise<{ csv: Blob; fileName: string }> {
  const response = await adminApi().admin.events[":id"]["signups.csv"].$get({
    param: { id: segment(id) },
  });
  if (!response.ok) await readAnswer(Promise.resolve(response));
  const fileName =
    /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ??
    "prihlaseni.csv";
  return { csv: await response.blob(), fileName };
}

/** An event as her administration reads it (`adminEventJson` on the server). */
export type AdminEvent = Awaited<ReturnType<typeof fetchEvent>>["event"];

export function fetchEvent(accessToken: string, id: string) {
  return readAnswer(adminApi(accessToken).admin.events[":id"].$get({ param: { id: segment(id) } }));
}

/** A new event, as a draft; a refusal throws `AdminApiError` with each field's message. */
export function createEvent(event: EventInputPayload) {
  return readAnswer(adminApi().admin.events.$post({ json: { event } }));
}

/** Her change of an event made from `version`. */
export function saveEvent(id: string, version: number, event: EventInputPayload) {
  return readAnswer(
    adminApi().admin.events[":id"].$put({ param: { id: segment(id) }, json: { event, version } }),
  );
}

/** „Zveřejnit“: the draft on the site, open for sign-ups. */
export function publishEvent(id: string, version: number) {
  return readAnswer(
    adminApi().admin.events[":id"].publish.$post({
      param: { id: segment(id) },
      json: { version },
    }),
  );
}

/** „Zrušit akci“: everyone with a place or waiting is told; answers how many. */
export function cancelEvent(id: string) {
  return readAnswer(adminApi().admin.events[":id"].cancel.$post({ param: { id: segment(id) } }));
}

/** Her cancelling of one sign-up; the first one waiting gets the freed place. */
export async function cancelEventSignup(id: string, signupId: string): Promise<void> {
  await readAnswer(
    adminApi().admin.events[":id"].signups[":signupId"].cancel.$post({
      param: { id: segment(id), signupId: segment(signupId) },
    }),
  );
}

// --- Her booking rules („Pracovní doba a pravidla“) and her private calendar feed's address ---

export async function fetchBookingSettings(accessToken?: string): Promise<BookingSettings> {
  return (await readAnswer(adminApi(accessToken).admin["booking-settings"].$get())).settings;
}

/** Saves them whole; a refusal names each field (`bookingSettingsField`) in `fields`. */
export async function saveBookingSettings(
  settings: BookingSettingsInput,
): Promise<BookingSettings> {
  return (await readAnswer(adminApi().admin["booking-settings"].$put({ json: settings }))).settings;
}

export async function fetchCalendarFeedAddress(accessToken?: string): Promise<string> {
  return (await readAnswer(adminApi(accessToken).admin["booking-settings"].feed.$get())).address;
}

/** A new address for her calendar feed: the old one stops working at once. */
export async function renewCalendarFeedAddress(): Promise<string> {
  return (await readAnswer(adminApi().admin["booking-settings"].feed.$post())).address;
}

// --- „Přehled“: her visit counts (server/stats/) and her weekly summary ---

/** How her site is doing over `range`: the overview API's answer (`StatsOverviewJson`). */
export async function fetchStatsOverview(
  range: StatsRange,
  accessToken?: string,
): Promise<StatsOverviewJson> {
  return await readAnswer(adminApi(accessToken).admin.stats.$get({ query: { range } }));
}

export async function fetchStatsSettings(accessToken?: string): Promise<StatsSettingsJson> {
  return await readAnswer(adminApi(accessToken).admin.stats.settings.$get());
}

/** Saves the fields given (how long the counts are kept, her weekly summary e-mail); answers all. */
export async function saveStatsSettings(change: StatsSettingsChange): Promise<StatsSettingsJson> {
  return await readAnswer(adminApi().admin.stats.settings.$put({ json: change }));
}
