import { hash, verify } from "@node-rs/argon2";

/**
 * argon2id with the library's defaults (19 MiB, 2 passes): the OWASP
 * recommendation, about 11 ms a hash on the machines this runs on.
 */
export function hashPassword(password: string): Promise<string> {
  // 2 is Argon2id; the library exports it as a const enum, which isolated modules cannot read.
  return hash(password, { algorithm: 2 });
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
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
