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
export async function loadAuthSecret({
  jwtSecret,
  secretFile,
}: {
  jwtSecret: string | undefined;
  secretFile: string;
}): Promise<string> {
  if (jwtSecret) return jwtSecret;
  try {
    return checked(await readFile(secretFile, "utf8"), secretFile);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  await mkdir(dirname(secretFile), { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  try {
    // "wx": two servers starting at once must not overwrite each other's key.
    await writeFile(secretFile, `${secret}\n`, { mode: 0o600, flag: "wx" });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return checked(await readFile(secretFile, "utf8"), secretFile);
  }
}

function checked(stored: string, secretFile: string): string {
  const secret = stored.trim();
  if (secret.length < 32) {
    throw new Error(
      `${secretFile} holds no usable key (fewer than 32 characters). Delete it to have a new one generated (everyone is signed out), or set JWT_SECRET.`,
    );
  }
  return secret;
}
