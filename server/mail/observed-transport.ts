import { summarizeError } from "../error-summary";
import { log } from "../logger";
import type { MailSendResult } from "../metrics";
import type { MailTransport } from "./mail-transport";

/**
 * The transport the worker sends through, with one log line per attempt
 * (outbox id, result, duration; never the recipient or the text) and its
 * timing for the metrics. What happens next (retry, give up) the worker logs.
 */
export function observeMailTransport(
  transport: MailTransport,
  observe: (result: MailSendResult, seconds: number) => void,
): MailTransport {
  return {
    ...transport,
    async send(mail) {
      const started = performance.now();
      const finish = (result: MailSendResult, error?: unknown) => {
        const seconds = (performance.now() - started) / 1000;
        observe(result, seconds);
        log.info(
          {
            outboxId: mail.id,
            result,
            durationMs: Math.round(seconds * 10_000) / 10,
            ...(error === undefined ? {} : { error: summarizeError(error) }),
          },
          "mail attempt",
        );
      };
      try {
        await transport.send(mail);
      } catch (error) {
        finish("error", error);
        throw error;
      }
      finish("sent");
    },
  };
}
