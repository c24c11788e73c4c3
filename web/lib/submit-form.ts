import { type FormSubmissionPayload, honeypotField } from "#shared/form-schemas";

export const formSubmissionsEndpoint = "/api/form-submissions";

/** How a send ended: only `sent` means the submission is stored. */
export type SubmitResult =
  | { status: "sent"; id: string | null }
  | { status: "rate-limited"; error: Error }
  | { status: "failed"; error: Error };

// A send that hangs would leave the button disabled for good.
const timeoutMilliseconds = 20_000;

/** Sends one form to the API; never throws. */
export async function submitForm(payload: FormSubmissionPayload): Promise<SubmitResult> {
  try {
    const response = await fetch(formSubmissionsEndpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...payload, [honeypotField]: payload[honeypotField] ?? "" }),
      signal: AbortSignal.timeout(timeoutMilliseconds),
    });
    if (response.status === 201) {
      const body: unknown = await response.json().catch(() => null);
      return { status: "sent", id: readId(body) };
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
