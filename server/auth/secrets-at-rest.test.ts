/**
 * Two-factor secrets at rest: a TOTP secret is sealed (AES-256-GCM) and a
 * recovery code kept as a salted, keyed digest, so neither is in the
 * database's rows or in a backup file; codes still work, on a new app over
 * the same database too; what earlier versions stored in clear is converted
 * at start-up, once; and a data key that opens none of it stops the start.
 */
import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeBackup } from "#database/backup";
import type { DatabaseHandle } from "#database/open-database";
import { mfaFactors, mfaRecoveryCodes, users } from "#database/schema";
import { ConfigError } from "#server/config";
import { readEveryRow } from "#testing/database-contents";
import { createSignedInAccount, testPassword } from "#testing/test-accounts";
import {
  createTestApp,
  startTestServer,
  type TestServer,
  testDataKey,
  testSecret,
} from "#testing/test-app";
import { openTimeoutMs, testDatabases, testTimeoutMs } from "#testing/test-databases";
import { appCode, challengeAndVerify, enrollFactor } from "#testing/test-factors";
import { loadDataKey } from "./auth-secret";
import { sealStoredFactorSecrets } from "./factors";
import { createSecretBox, UnreadableSecretError } from "./secret-box";

const box = createSecretBox(testDataKey);
const normalised = (code: string) => code.toLowerCase().replace(/[\s-]/g, "");
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** Every form a secret or a code could be found in, if it were stored in clear or unsalted. */
function clearForms(secret: string, recoveryCodes: string[]): string[] {
  const raw = Buffer.from(OTPAuth.Secret.fromBase32(secret).buffer);
  return [
    secret,
    secret.toLowerCase(),
    raw.toString("hex"),
    raw.toString("base64"),
    raw.toString("base64url"),
    ...recoveryCodes.flatMap((code) => [code, normalised(code), sha256(normalised(code))]),
  ];
}

describe("the secret box", () => {
  it("seals a secret that opens only with its key and for its place", () => {
    const sealed = box.seal("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", "mfa-factor:1");
    expect(sealed).not.toContain("JBSWY3DP");
    expect(box.isSealed(sealed)).toBe(true);
    expect(box.seal("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", "mfa-factor:1")).not.toBe(sealed);
    expect(box.open(sealed, "mfa-factor:1")).toBe("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP");
    expect(() => box.open(sealed, "mfa-factor:2")).toThrow(UnreadableSecretError);
    const otherKey = createSecretBox("another-data-key-of-another-server-entirely");
    expect(() => otherKey.open(sealed, "mfa-factor:1")).toThrow(UnreadableSecretError);
    // A secret stored in clear before sealing existed reads as it is.
    expect(box.open("JBSWY3DPEHPK3PXP", "mfa-factor:1")).toBe("JBSWY3DPEHPK3PXP");
  });

  it("keeps a recovery code as a salted digest, and reads the unsalted digests of before", () => {
    const first = box.digestCode("k7m2px9qrt");
    const second = box.digestCode("k7m2px9qrt");
    expect(first).not.toBe(second);
    expect(first).not.toContain(sha256("k7m2px9qrt"));
    expect(box.matchesCode(first, "k7m2px9qrt")).toBe(true);
    expect(box.matchesCode(second, "k7m2px9qrt")).toBe(true);
    expect(box.matchesCode(first, "k7m2px9qrx")).toBe(false);
    expect(
      createSecretBox("another-data-key-of-another-server-entirely").matchesCode(
        first,
        "k7m2px9qrt",
      ),
    ).toBe(false);
    const before = sha256("k7m2px9qrt");
    expect(box.matchesCode(before, "k7m2px9qrt")).toBe(true);
    expect(box.isSaltedDigest(before)).toBe(false);
    const converted = box.rewrapDigest(before);
    expect(box.isSaltedDigest(converted)).toBe(true);
    expect(box.matchesCode(converted, "k7m2px9qrt")).toBe(true);
  });
});

describe("the data key", () => {
  it("is DATA_KEY when set, otherwise made once and kept in the data folder, readable by the server's user only", async () => {
    const folder = await mkdtemp(join(tmpdir(), "data-key-"));
    try {
      const keyFile = join(folder, "data", "data-key");
      const made = await loadDataKey({ dataKey: undefined, keyFile });
      expect(made.length).toBeGreaterThanOrEqual(32);
      expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
      expect(await loadDataKey({ dataKey: undefined, keyFile })).toBe(made);
      expect(await loadDataKey({ dataKey: testDataKey, keyFile })).toBe(testDataKey);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe.each(testDatabases)("on $name", { timeout: testTimeoutMs }, ({ open }) => {
  let handle: DatabaseHandle;
  let server: TestServer;
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), "secrets-at-rest-"));
    handle = await open();
    server = await startTestServer({ open: async () => handle });
  }, openTimeoutMs);
  afterAll(async () => {
    await server?.close();
    await rm(directory, { recursive: true, force: true });
  });

  /** A password sign-in from `address`: a new aal1 session's access token. */
  async function signIn(email: string, address: string) {
    const response = await fetch(`${server.origin}/auth/v1/token?grant_type=password`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": address },
      body: JSON.stringify({ email, password: testPassword }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { access_token: string }).access_token;
  }

  it("after an app is set up, neither its secret nor a recovery code is in clear in a backup file or in the database; codes still sign in", async () => {
    const email = "v-bezpeci@example.cz";
    const address = "198.51.100.71";
    const token = await createSignedInAccount(server, email);
    const factor = await enrollFactor(server, { token, address });
    const verified = await challengeAndVerify(
      server,
      factor.id,
      { token, address },
      appCode(server, factor.secret),
    );
    expect(verified.status).toBe(200);

    const file = join(directory, "backup.jsonl.gz");
    await writeBackup(handle, createWriteStream(file));
    const backup = gunzipSync(await readFile(file)).toString("utf8");
    const rows = JSON.stringify(await readEveryRow(handle));
    // The factor and its codes are in both, only not in clear.
    expect(backup).toContain(factor.id);
    expect(rows).toContain(factor.id);
    for (const form of clearForms(factor.secret, factor.recoveryCodes)) {
      expect(backup, `the backup holds ${form}`).not.toContain(form);
      expect(rows, `the database holds ${form}`).not.toContain(form);
    }

    // A new sign-in passes with the app's next code, another with a recovery code.
    const withApp = { token: await signIn(email, "198.51.100.72"), address: "198.51.100.72" };
    const next = appCode(server, factor.secret, 1);
    expect((await challengeAndVerify(server, factor.id, withApp, next)).status).toBe(200);
    const phoneLost = { token: await signIn(email, "198.51.100.73"), address: "198.51.100.73" };
    const recovery = factor.recoveryCodes[3] as string;
    expect((await challengeAndVerify(server, factor.id, phoneLost, recovery)).status).toBe(200);
  });

  it("a new app on the same database (a restart) verifies codes stored by the first, and those an earlier version stored in clear, converted at start-up once", async () => {
    const stored = await enrollOnServer("po-restartu@example.cz", "198.51.100.74");
    const earlier = await storeAsEarlierVersion("z-drivejska@example.cz");
    const [clearRow] = await handle.db
      .select()
      .from(mfaFactors)
      .where(eq(mfaFactors.id, earlier.factorId));
    expect(clearRow?.secret).toBe(earlier.secret);

    // What main.ts does before a server starts: twice, as two servers starting together would.
    expect(await sealStoredFactorSecrets(handle.db, box)).toEqual({
      secrets: 1,
      recoveryCodes: earlier.recoveryCodes.length,
    });
    expect(await sealStoredFactorSecrets(handle.db, box)).toEqual({ secrets: 0, recoveryCodes: 0 });
    const rows = JSON.stringify(await readEveryRow(handle));
    for (const form of clearForms(earlier.secret, earlier.recoveryCodes)) {
      expect(rows, `the database holds ${form}`).not.toContain(form);
    }

    const restarted = createTestApp(handle, {
      clock: { now: () => server.now() },
      authSecret: testSecret,
      dataKey: testDataKey,
    });
    const call = async (path: string, address: string, body: unknown, token?: string) => {
      const response = await restarted.request(`/auth/v1${path}`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "X-Forwarded-For": address,
          ...(token && { Authorization: `Bearer ${token}` }),
        },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, string> };
    };
    const verifyOnRestarted = async (email: string, factorId: string, code: string) => {
      const address = "198.51.100.75";
      const signedIn = await call("/token?grant_type=password", address, {
        email,
        password: testPassword,
      });
      expect(signedIn.status).toBe(200);
      const token = signedIn.body.access_token;
      const challenge = await call(`/factors/${factorId}/challenge`, address, {}, token);
      expect(challenge.status).toBe(200);
      return (
        await call(
          `/factors/${factorId}/verify`,
          address,
          { challenge_id: challenge.body.id, code },
          token,
        )
      ).status;
    };

    expect(
      await verifyOnRestarted(stored.email, stored.id, appCode(server, stored.secret, 1)),
    ).toBe(200);
    expect(
      await verifyOnRestarted(stored.email, stored.id, stored.recoveryCodes[0] as string),
    ).toBe(200);
    expect(
      await verifyOnRestarted(earlier.email, earlier.factorId, appCode(server, earlier.secret)),
    ).toBe(200);
    expect(
      await verifyOnRestarted(earlier.email, earlier.factorId, earlier.recoveryCodes[1] as string),
    ).toBe(200);
  });

  it("a data key that opens none of the stored secrets stops the start, says what to do, and changes nothing", async () => {
    await enrollOnServer("jiny-klic@example.cz", "198.51.100.76");
    // Its confirmation e-mail sent first: nothing else writes while the rows are compared.
    await server.readMails();
    const before = await readEveryRow(handle);
    const otherKey = createSecretBox("the-key-of-a-machine-the-backup-never-came-from");
    const refusal = sealStoredFactorSecrets(handle.db, otherKey);
    await expect(refusal).rejects.toThrow(ConfigError);
    await expect(refusal).rejects.toThrow(/DATA_KEY.*jiny-klic@example\.cz.*reset-2fa/s);
    expect(await readEveryRow(handle)).toEqual(before);
  });

  /** An account with an app set up through the test server. */
  async function enrollOnServer(email: string, address: string) {
    const token = await createSignedInAccount(server, email);
    const factor = await enrollFactor(server, { token, address });
    const verified = await challengeAndVerify(
      server,
      factor.id,
      { token, address },
      appCode(server, factor.secret),
    );
    expect(verified.status).toBe(200);
    return { email, ...factor };
  }

  /** A verified factor as versions before sealing stored it: the secret in clear, codes as bare SHA-256. */
  async function storeAsEarlierVersion(email: string) {
    await createSignedInAccount(server, email);
    const [user] = await handle.db.select().from(users).where(eq(users.email, email));
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    const recoveryCodes = ["abcde-fghjk", "mnpqr-stuvw", "xyz23-45678"];
    const [factor] = await handle.db
      .insert(mfaFactors)
      .values({ userId: user?.id ?? "", secret, status: "verified" })
      .returning();
    await handle.db.insert(mfaRecoveryCodes).values(
      recoveryCodes.map((code) => ({
        factorId: factor?.id ?? "",
        codeHash: sha256(normalised(code)),
      })),
    );
    return { email, secret, recoveryCodes, factorId: factor?.id ?? "" };
  }
});
