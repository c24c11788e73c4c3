import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname } from "node:path";

/**
 * The key that signs access tokens and derives refresh tokens. JWT_SECRET
 * when set (several servers behind a load balancer must share one);
 * otherwise a key generated on the first start and kept, readable only by
 * the server's user, in the data folder, so sessions survive restarts and
 * `npm start` needs no configuration.
 */
export function loadAuthSecret({
  jwtSecret,
  secretFile,
}: {
  jwtSecret: string | undefined;
  secretFile: string;
}): Promise<string> {
  return loadServerKey({
    configured: jwtSecret,
    keyFile: secretFile,
    ifReplaced: "everyone is signed out",
    setting: "JWT_SECRET",
  });
}

/**
 * The key that seals two-factor secrets and keys recovery-code digests
 * (`secret-box.ts`): DATA_KEY when set, otherwise a key kept in the data
 * folder, as JWT_SECRET's. Unlike that one, it must travel with the
 * database: without it the authenticator apps stop working.
 */
export function loadDataKey({
  dataKey,
  keyFile,
}: {
  dataKey: string | undefined;
  keyFile: string;
}): Promise<string> {
  return loadServerKey({
    configured: dataKey,
    keyFile,
    ifReplaced:
      "authenticator apps stored with the old one must then be removed with npm run admin -- reset-2fa",
    setting: "DATA_KEY",
  });
}

/** A key from the environment, or from its file in the data folder, made on the first start. */
async function loadServerKey({
  configured,
  keyFile,
  ifReplaced,
  setting,
}: {
  configured: string | undefined;
  keyFile: string;
  /** What a new key means, for the message about a damaged file. */
  ifReplaced: string;
  setting: string;
}): Promise<string> {
  if (configured) return configured;
  const checked = (stored: string) => {
    const key = stored.trim();
    if (key.length < 32) {
      throw new Error(
        `${keyFile} holds no usable key (fewer than 32 characters). Delete it to have a new one generated (${ifReplaced}), or set ${setting}.`,
      );
    }
    return key;
  };
  try {
    return checked(await readFile(keyFile, "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  await mkdir(dirname(keyFile), { recursive: true });
  const key = randomBytes(48).toString("base64url");
  try {
    // "wx": two servers starting at once must not overwrite each other's key.
    await writeFile(keyFile, `${key}\n`, { mode: 0o600, flag: "wx" });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return checked(await readFile(keyFile, "utf8"));
  }
}
