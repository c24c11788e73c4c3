import { useState } from "react";
import { toast } from "sonner";
import { AdminApiError } from "~/lib/admin-api";

/** What a notice says of a failure the server did not explain. */
export const adminFailedText = "Něco se nepovedlo. Zkuste to prosím znovu.";

/** Where a refusal's field messages go; `message` is the refusal's own, for a field it names none. */
type OnFields = (fields: Record<string, string>, message: string) => void;

/**
 * An editing screen's calls to the server, one at a time: `busy` while one runs. `run` tells
 * whether its call succeeded; a refusal shows its fields (through `onFields`, by default the
 * screen's `setErrors`) and its message in a notice, any other failure `adminFailedText`.
 */
export function useAdminRun(setErrors: OnFields) {
  const [busy, setBusy] = useState(false);
  async function run(
    action: () => Promise<void>,
    onFields: OnFields = setErrors,
  ): Promise<boolean> {
    setBusy(true);
    try {
      await action();
      return true;
    } catch (error) {
      if (error instanceof AdminApiError) {
        onFields(error.fields ?? {}, error.message);
        toast.error(error.message);
      } else {
        toast.error(adminFailedText);
      }
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}
