/**
 * What the database must not hold in clear (docs/auth-mfa.md, „At rest“):
 * TOTP secrets are sealed with AES-256-GCM, recovery codes are kept as
 * salted, keyed digests (HMAC-SHA256). Both keys are derived from one data
 * key (DATA_KEY, or a key kept in DATA_DIR, as JWT_SECRET's), so a copy of
 * the database or a backup file holds no secret, and no digest that could be
 * tried against guessed codes without the key.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from "node:crypto";

/** A sealed value starts with this; a secret in clear (base32) never does. */
const sealedPrefix = "gcm1:";
/** A recovery code's salted digest starts with this; the unsalted SHA-256 digests of before never do. */
const digestPrefix = "hmac1:";

const ivBytes = 12;
const tagBytes = 16;

/** A sealed value that this key cannot open: another key sealed it, or it was changed. */
export class UnreadableSecretError extends Error {}

/**
 * The SHA-256 digest of a normalised recovery code, as codes were stored
 * before they were salted: the salted digest is taken of it, so that old
 * rows convert without the codes (`rewrapDigest`).
 */
function plainDigest(code: string): string {
  return createHash("sha256").update(code).digest("hex");
}

export function createSecretBox(dataKey: string) {
  const derive = (purpose: string) =>
    Buffer.from(hkdfSync("sha256", dataKey, "harmonie-data-key", purpose, 32));
  const sealingKey = derive("totp-secrets");
  const digestKey = derive("recovery-codes");

  const saltedDigest = (salt: Buffer, unsalted: string) =>
    createHmac("sha256", digestKey).update(salt).update(unsalted).digest();

  /** The salted form of an unsalted digest: a fresh salt and the keyed digest. */
  function rewrapDigest(unsalted: string): string {
    const salt = randomBytes(16);
    return `${digestPrefix}${salt.toString("base64url")}:${saltedDigest(salt, unsalted).toString("base64url")}`;
  }

  return {
    isSealed: (stored: string) => stored.startsWith(sealedPrefix),

    /**
     * Seals a secret for one place (`context`, e.g. the factor's id): a sealed
     * value copied to another row does not open there.
     */
    seal(secret: string, context: string): string {
      const iv = randomBytes(ivBytes);
      const cipher = createCipheriv("aes-256-gcm", sealingKey, iv);
      cipher.setAAD(Buffer.from(context));
      const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
      return `${sealedPrefix}${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url")}`;
    },

    /** The secret of a sealed value; a value in clear (stored before sealing) as it is. */
    open(stored: string, context: string): string {
      if (!stored.startsWith(sealedPrefix)) return stored;
      const bytes = Buffer.from(stored.slice(sealedPrefix.length), "base64url");
      try {
        const decipher = createDecipheriv("aes-256-gcm", sealingKey, bytes.subarray(0, ivBytes));
        decipher.setAAD(Buffer.from(context));
        decipher.setAuthTag(bytes.subarray(ivBytes, ivBytes + tagBytes));
        return Buffer.concat([
          decipher.update(bytes.subarray(ivBytes + tagBytes)),
          decipher.final(),
        ]).toString("utf8");
      } catch {
        throw new UnreadableSecretError("A sealed secret does not open with this data key");
      }
    },

    isSaltedDigest: (stored: string) => stored.startsWith(digestPrefix),

    /** What is stored of a recovery code: a fresh salt and the keyed digest. */
    digestCode: (code: string) => rewrapDigest(plainDigest(code)),

    /** The salted form of an unsalted digest stored before (start-up converts them). */
    rewrapDigest,

    /** Whether a stored digest, salted or (not yet converted) unsalted, is this code's. */
    matchesCode(stored: string, code: string): boolean {
      const unsalted = plainDigest(code);
      if (!stored.startsWith(digestPrefix)) {
        return (
          stored.length === unsalted.length &&
          timingSafeEqual(Buffer.from(stored), Buffer.from(unsalted))
        );
      }
      const [salt = "", digest = ""] = stored.slice(digestPrefix.length).split(":");
      const expected = Buffer.from(digest, "base64url");
      const actual = saltedDigest(Buffer.from(salt, "base64url"), unsalted);
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;
