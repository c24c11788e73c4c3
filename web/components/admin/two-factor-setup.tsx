import { Copy, KeyRound, RefreshCw, ShieldCheck, Smartphone } from "lucide-react";
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
const replaceFailedText = "Nový QR kód se nepodařilo připravit. Zkuste to prosím znovu.";
export const twoFactorEnabledText = "Ověření kódem z aplikace je zapnuté.";
export const anotherPhoneAddedText =
  "Telefon je přidaný. Přihlásit se teď můžete kódem z kteréhokoli z vašich telefonů.";

/**
 * What to do with an entry in her app that no longer works: one from an
 * earlier set-up, replaced since. `issuer` is the name the app shows above it.
 */
export function deadEntryText(issuer: string): string {
  return `Kód z aplikace nejde ověřit? Nejspíš ho opisujete ze staršího záznamu „${issuer}“, který už neplatí. V aplikaci ho smažte a použijte záznam, který přibyl po naskenování QR kódu na této stránce. Nevíte, který je který? Smažte v aplikaci všechny záznamy „${issuer}“ a naskenujte QR kód znovu.`;
}

/** After „Nový QR kód“: the entry she may have added from the previous one is dead. */
export const replacedCodeText =
  "Nový QR kód je připravený. Záznam z předchozího kódu, pokud už v aplikaci je, přestal platit: smažte ho a naskenujte tento.";
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

/** The name her app shows above the entry (the URI's issuer), or the page's host. */
function issuerOf(uri: string): string {
  try {
    return new URL(uri).searchParams.get("issuer") || location.host;
  } catch {
    return location.host;
  }
}

/**
 * Before the administration shows any data: an administrator without an
 * authenticator app sets one up. auth-js's `mfa.enroll` gives the QR code
 * and the secret; her first code verifies the factor (the session becomes
 * aal2); then her recovery codes, shown this once. The server keeps the
 * set-up pending until it is verified (docs/auth-mfa.md), so a reload shows
 * the same QR code and the entry she has just added keeps working; only
 * „Nový QR kód“ replaces it. `another`: a further phone, at aal2 on „Můj
 * účet“ (no new recovery codes: hers stay as they are).
 */
export function TwoFactorSetup({
  onDone,
  another = false,
  onCancel,
}: {
  onDone: () => void;
  another?: boolean;
  onCancel?: () => void;
}) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const [verified, setVerified] = useState(false);
  const [replacing, setReplacing] = useState(false);
  const [replaced, setReplaced] = useState(false);

  /** „Nový QR kód“: the pending set-up goes (its entry in her app dies), and a new one comes. */
  async function replaceCode() {
    if (!enrolment) return;
    setReplacing(true);
    try {
      const { error: unenrollError } = await getAuthClient().mfa.unenroll({
        factorId: enrolment.factorId,
      });
      if (unenrollError) {
        toast.error(messageOf(unenrollError, replaceFailedText));
        return;
      }
      setEnrolment(null);
      setCode("");
      setError(undefined);
      setReplaced(true);
      setAttempt((value) => value + 1);
    } catch (thrown) {
      toast.error(messageOf(thrown, replaceFailedText));
    } finally {
      setReplacing(false);
    }
  }

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
      if (another) {
        toast.success(anotherPhoneAddedText);
        onDone();
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
        {verified ? "Záložní kódy" : another ? "Další telefon" : "Ověření kódem z aplikace"}
      </h2>

      {verified && enrolment ? (
        <RecoveryCodes codes={enrolment.recoveryCodes} onDone={onDone} />
      ) : (
        <>
          <p className="mt-4 max-w-3xl leading-relaxed text-bark-soft">
            {typeset(
              another
                ? "Do dalšího telefonu si nainstalujte aplikaci pro ověřovací kódy a přidejte do ní tento web. Přihlásit se pak půjde kódem z kteréhokoli telefonu; záložní kódy zůstávají stejné."
                : "Administrace ukazuje osobní údaje návštěvníků webu, proto ji kromě hesla chrání ještě kód z telefonu. Nastavení zabere dvě minuty a stačí ho udělat jednou.",
            )}
          </p>
          {replaced && enrolment && (
            <p
              role="status"
              className="mt-4 max-w-3xl rounded-2xl bg-sand/60 px-4 py-3 leading-relaxed text-bark"
            >
              {typeset(replacedCodeText)}
            </p>
          )}
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
                <p className="mt-6 max-w-sm text-[0.9375rem] leading-snug text-bark-soft">
                  {typeset(
                    "Stránku můžete klidně obnovit i zavřít: QR kód zůstane stejný, dokud neopíšete první kód z aplikace. Nový QR kód si nechte vytvořit, jen když se přidání do aplikace nepovedlo – záznam z tohoto kódu pak přestane platit.",
                  )}
                </p>
                <Button
                  variant="ghost"
                  className="mt-1 px-0"
                  disabled={replacing}
                  onClick={() => void replaceCode()}
                >
                  <RefreshCw aria-hidden="true" className="size-5" />
                  Nový QR kód
                </Button>
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
                  <div className="mt-5 flex flex-col gap-3 sm:flex-row">
                    <Button type="submit" disabled={submitting} className="w-full sm:w-auto">
                      {submitting ? "Ověřuji…" : another ? "Ověřit a přidat" : "Ověřit a zapnout"}
                    </Button>
                    {onCancel && (
                      <Button variant="secondary" onClick={onCancel} className="w-full sm:w-auto">
                        Zrušit
                      </Button>
                    )}
                  </div>
                </form>
                <p
                  data-testid="dead-entry-help"
                  className="mt-6 max-w-md text-[0.9375rem] leading-snug text-bark-soft"
                >
                  {typeset(deadEntryText(issuerOf(enrolment.uri)))}
                </p>
              </li>
            </ol>
          )}
        </>
      )}
    </section>
  );
}

/** Her recovery codes, shown this once; `replacing`: new ones, the old sheet is void. */
export function RecoveryCodes({
  codes,
  onDone,
  replacing = false,
}: {
  codes: string[];
  onDone: () => void;
  replacing?: boolean;
}) {
  return (
    <>
      <p className="mt-4 max-w-3xl leading-relaxed text-bark-soft">
        {typeset(
          "Kdyby se telefon ztratil nebo nebyl po ruce, přihlásíte se místo kódu z aplikace jedním z těchto kódů. Každý platí jen jednou. Uložte si je na bezpečné místo, třeba vytištěné doma – teď je vidíte naposledy.",
        )}
      </p>
      {replacing && (
        <p className="mt-3 max-w-3xl font-medium leading-relaxed text-bark">
          {typeset(
            "Dosavadní záložní kódy už neplatí, ani ty nepoužité. Starý seznam vyhoďte nebo smažte a nahraďte ho tímto.",
          )}
        </p>
      )}
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
