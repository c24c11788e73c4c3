import { Copy, KeyRound, ShieldCheck, Smartphone } from "lucide-react";
import { type FormEvent, Fragment, useEffect, useState } from "react";
import { toast } from "sonner";
import { OneTimeCodeField } from "~/components/auth/one-time-code-field";
import { Button, buttonClasses } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { getAuthClient, messageOf } from "~/lib/auth-client";
import { czech, typeset } from "~/lib/typography";

type Enrolment = {
  factorId: string;
  qrCode: string;
  secret: string;
  /** `otpauth://totp/…`: opens an authenticator app on the phone that shows the page. */
  uri: string;
  recoveryCodes: string[];
};

const enrollFailedText = "Nastavení se nepodařilo připravit. Zkuste to prosím znovu.";
const verifyFailedText = "Kód se nepodařilo ověřit. Zkuste to prosím znovu.";
export const twoFactorEnabledText = "Ověření kódem z aplikace je zapnuté.";
export const twoFactorCopyTexts = {
  secretCopied: "Klíč je zkopírovaný. Vložte ho do aplikace.",
  codesCopied: "Záložní kódy jsou zkopírované. Uložte si je na bezpečné místo.",
  copyFailed: "Kopírování se nepodařilo. Opište prosím text ručně.",
} as const;

/** Puts `text` in the clipboard and says how it went. */
async function copyToClipboard(text: string, copied: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(copied);
  } catch {
    toast.error(twoFactorCopyTexts.copyFailed);
  }
}

/** The secret in groups of four, as apps ask to have it typed. */
function groupSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(" ") ?? secret;
}

/**
 * Before the administration shows any data: an administrator without an
 * authenticator app sets one up. auth-js's `mfa.enroll` gives the QR code
 * and the secret; her first code verifies the factor (the session becomes
 * aal2); then her recovery codes, shown this once.
 */
export function TwoFactorSetup({ onDone }: { onDone: () => void }) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const [verified, setVerified] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` starts a new enrolment
  useEffect(() => {
    let current = true;
    setFailed(false);
    void (async () => {
      try {
        const { data, error: enrollError } = await getAuthClient().mfa.enroll({
          factorType: "totp",
        });
        if (!current) return;
        if (enrollError || data?.type !== "totp") {
          setFailed(true);
          toast.error(messageOf(enrollError, enrollFailedText));
          return;
        }
        setEnrolment({
          factorId: data.id,
          qrCode: data.totp.qr_code,
          secret: data.totp.secret,
          uri: data.totp.uri,
          recoveryCodes: (data as unknown as { recovery_codes?: string[] }).recovery_codes ?? [],
        });
      } catch (thrown) {
        if (!current) return;
        setFailed(true);
        toast.error(messageOf(thrown, enrollFailedText));
      }
    })();
    return () => {
      current = false;
    };
  }, [attempt]);

  async function verify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!enrolment) return;
    const typed = code.replace(/\s/g, "");
    if (!/^\d{6}$/.test(typed)) {
      setError("Zadejte prosím šest číslic, které aplikace ukazuje.");
      return;
    }
    setSubmitting(true);
    try {
      const { error: verifyError } = await getAuthClient().mfa.challengeAndVerify({
        factorId: enrolment.factorId,
        code: typed,
      });
      if (verifyError) {
        setCode("");
        toast.error(messageOf(verifyError, verifyFailedText));
        return;
      }
      toast.success(twoFactorEnabledText);
      setVerified(true);
    } catch (thrown) {
      toast.error(messageOf(thrown, verifyFailedText));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <section
      aria-labelledby="two-factor-heading"
      className="mt-5 rounded-[2rem] bg-cream p-6 shadow-sm ring-1 ring-bark/10 sm:mt-10 sm:p-10"
    >
      <h2
        id="two-factor-heading"
        className="flex items-center gap-3 text-2xl font-semibold text-bark sm:text-3xl"
      >
        <ShieldCheck aria-hidden="true" className="size-7 shrink-0 text-moss-dark" />
        {verified ? "Záložní kódy" : "Ověření kódem z aplikace"}
      </h2>

      {verified && enrolment ? (
        <RecoveryCodes codes={enrolment.recoveryCodes} onDone={onDone} />
      ) : (
        <>
          <p className="mt-4 max-w-3xl leading-relaxed text-bark-soft">
            {typeset(
              "Administrace ukazuje osobní údaje návštěvníků webu, proto ji kromě hesla chrání ještě kód z telefonu. Nastavení zabere dvě minuty a stačí ho udělat jednou.",
            )}
          </p>
          {!enrolment ? (
            failed ? (
              <Button className="mt-6" onClick={() => setAttempt((value) => value + 1)}>
                Zkusit znovu
              </Button>
            ) : (
              <div className="mt-8">
                <Spinner label="Připravuji nastavení…" />
              </div>
            )
          ) : (
            <ol className="mt-8 grid gap-8 lg:grid-cols-[auto_1fr] lg:gap-x-12">
              <li className="lg:row-span-2">
                <p className="font-semibold text-bark">
                  {typeset("1. Naskenujte QR kód v aplikaci pro ověřovací kódy")}
                </p>
                <p className="mt-1 max-w-sm text-[0.9375rem] leading-snug text-bark-soft">
                  {typeset(
                    "Například Google Authenticator, Microsoft Authenticator nebo FreeOTP; v obchodě s aplikacemi jsou zdarma.",
                  )}
                </p>
                <img
                  src={enrolment.qrCode}
                  alt="QR kód pro aplikaci s ověřovacími kódy"
                  width={224}
                  height={224}
                  className="mt-4 size-56 rounded-2xl bg-white p-2 ring-1 ring-bark/15"
                />
                <p className="mt-4 max-w-sm text-[0.9375rem] leading-snug text-bark-soft">
                  {typeset("Nastavujete to přímo v telefonu s aplikací? Pak QR kód nenaskenujete:")}
                </p>
                <a href={enrolment.uri} className={buttonClasses("secondary", "mt-2 px-4")}>
                  <Smartphone aria-hidden="true" className="size-5" />
                  Otevřít v aplikaci
                </a>
              </li>
              <li>
                <p className="flex items-center gap-2 font-semibold text-bark">
                  <KeyRound aria-hidden="true" className="size-5 text-moss-dark" />
                  {typeset("Skenovat nejde? Opište do aplikace tento klíč:")}
                </p>
                <p
                  data-testid="two-factor-secret"
                  className="mt-2 inline-block rounded-xl bg-white px-4 py-3 font-mono text-base tracking-wider text-bark ring-1 ring-bark/15 sm:text-lg"
                >
                  {/* Groups never break inside: a line ends only between them. */}
                  {groupSecret(enrolment.secret)
                    .split(" ")
                    .map((group, index) => (
                      <Fragment key={group + String(index)}>
                        {index > 0 && " "}
                        <span className="whitespace-nowrap">{group}</span>
                      </Fragment>
                    ))}
                </p>
                <div>
                  <Button
                    variant="secondary"
                    className="mt-3 px-4"
                    onClick={() =>
                      void copyToClipboard(enrolment.secret, twoFactorCopyTexts.secretCopied)
                    }
                  >
                    <Copy aria-hidden="true" className="size-5" />
                    Zkopírovat klíč
                  </Button>
                </div>
              </li>
              <li>
                <form noValidate onSubmit={verify} className="max-w-sm">
                  <OneTimeCodeField
                    id="two-factor-setup-code"
                    label={czech("2. Opište kód, který aplikace ukazuje")}
                    hint="Šest číslic; každých 30 sekund se mění."
                    value={code}
                    onCodeChange={(typed) => {
                      setCode(typed);
                      setError(undefined);
                    }}
                    error={error}
                  />
                  <Button type="submit" disabled={submitting} className="mt-5 w-full sm:w-auto">
                    {submitting ? "Ověřuji…" : "Ověřit a zapnout"}
                  </Button>
                </form>
              </li>
            </ol>
          )}
        </>
      )}
    </section>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <>
      <p className="mt-4 max-w-3xl leading-relaxed text-bark-soft">
        {typeset(
          "Kdyby se telefon ztratil nebo nebyl po ruce, přihlásíte se místo kódu z aplikace jedním z těchto kódů. Každý platí jen jednou. Uložte si je na bezpečné místo, třeba vytištěné doma – teď je vidíte naposledy.",
        )}
      </p>
      <ul
        aria-label="Záložní kódy"
        className="mt-6 grid max-w-xl grid-cols-2 gap-3 font-mono text-base text-bark sm:text-lg"
      >
        {codes.map((code) => (
          <li
            key={code}
            className="rounded-xl bg-white px-2 py-2 text-center whitespace-nowrap ring-1 ring-bark/15"
          >
            {code}
          </li>
        ))}
      </ul>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Button
          variant="secondary"
          onClick={() => void copyToClipboard(codes.join("\n"), twoFactorCopyTexts.codesCopied)}
        >
          <Copy aria-hidden="true" className="size-5" />
          Zkopírovat kódy
        </Button>
        <Button onClick={onDone}>Kódy mám uložené, pokračovat</Button>
      </div>
    </>
  );
}
