import { hash, verify } from "@node-rs/argon2";
import bcrypt from "bcryptjs";

/**
 * argon2id with the library's defaults (19 MiB, 2 passes): the OWASP
 * recommendation, about 11 ms a hash on the machines this runs on.
 */
export function hashPassword(password: string): Promise<string> {
  // 2 is Argon2id; the library exports it as a const enum, which isolated modules cannot read.
  return hash(password, { algorithm: 2 });
}

/** A bcrypt hash as the original site's auth server stored it (`$2a$…`, `$2b$…`). */
const bcryptHash = /^\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}$/;

export function isBcryptHash(storedHash: string): boolean {
  return bcryptHash.test(storedHash);
}

/**
 * Checks a password against its stored hash: argon2id, or bcrypt for an
 * account imported from the original site that has not signed in here yet.
 */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    if (isBcryptHash(storedHash)) return await bcrypt.compare(password, storedHash);
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** Whether a hash that just matched should be replaced by an argon2id one. */
export function needsRehash(storedHash: string): boolean {
  return !storedHash.startsWith("$argon2id$");
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time a real check would, so that a sign-in for an unknown
 * address answers no faster than one with a wrong password.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword("not a real password");
  await verifyPassword(await dummyHash, password);
  return false;
}
