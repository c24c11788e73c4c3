import { type FormSubmissionPayload, honeypotField } from "#shared/form-schemas";

export const formSubmissionsEndpoint = "/api/form-submissions";

/** How a send ended: only `sent` means the submission is stored. */
export type PostFormSubmissionResult =
  | { status: "sent"; id: string | null; giftWaits: boolean }
  | { status: "rate-limited"; error: Error }
  | { status: "failed"; error: Error };

// A send that hangs would leave the button disabled for good.
const timeoutMilliseconds = 20_000;

/** The browser side of a form: POSTs it as JSON to the API and reports how that ended; never throws. (The server side, which stores it, is `submitForm` in server/forms.) */
export async function postFormSubmission(
  payload: FormSubmissionPayload,
): Promise<PostFormSubmissionResult> {
  // The newsletter's box goes only when ticked: unticked, the call is the specification's own.
  const body: Record<string, unknown> = {
    ...payload,
    [honeypotField]: payload[honeypotField] ?? "",
  };
  if (body.newsletter !== true) delete body.newsletter;
  try {
    const response = await fetch(formSubmissionsEndpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMilliseconds),
    });
    if (response.status === 201) {
      const body: unknown = await response.json().catch(() => null);
      return { status: "sent", id: readId(body), giftWaits: readGiftWaits(body) };
    }
    const error = new Error(
      `Form submission answered ${response.status}: ${await readErrorMessage(response)}`,
    );
    return response.status === 429
      ? { status: "rate-limited", error }
      : { status: "failed", error };
  } catch (cause) {
    return {
      status: "failed",
      error: cause instanceof Error ? cause : new Error(String(cause)),
    };
  }
}

function readId(body: unknown): string | null {
  if (typeof body === "object" && body !== null && "id" in body) return String(body.id);
  return null;
}

/** The gift has no material yet: its e-mail waits (the notice then says what happens). */
function readGiftWaits(body: unknown): boolean {
  return (
    typeof body === "object" && body !== null && "giftWaits" in body && body.giftWaits === true
  );
}

/** The API answers `{ error: { code, message } }`; anything else is shown as it came. */
async function readErrorMessage(response: Response): Promise<string> {
  const text = await response.text().catch(() => "");
  try {
    const body = JSON.parse(text) as { error?: { code?: string; message?: string } };
    if (body.error) return `${body.error.code ?? "error"} – ${body.error.message ?? ""}`;
  } catch {
    // not JSON: fall through
  }
  return text.slice(0, 200) || response.statusText;
}
