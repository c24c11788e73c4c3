/**
 * A factor's wrong codes are counted before they are checked: of many codes
 * sent at once, no more than `verifyFailureLimit` are ever checked, whether
 * they are TOTP codes or recovery codes. Through the real HTTP API, in
 * parallel, on each test database.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInAccount } from "#testing/test-accounts";
import { startTestServer, type TestServer } from "#testing/test-app";
import { openTimeoutMs, testDatabases, testTimeoutMs } from "#testing/test-databases";
import {
  appCode,
  challengeAndVerify,
  challengeFactor,
  enrollFactor,
  verifyCode,
  wrongCode,
} from "#testing/test-factors";
import { verifyFailureLimit } from "./factors";

const parallelCodes = 40;

let server: TestServer;
let counter = 0;

/** A confirmed account, signed in, and the address its client calls from. */
async function signedInClient() {
  counter += 1;
  const token = await createSignedInAccount(server, `pokusy${counter}-${Date.now()}@example.cz`);
  return { token, address: `198.51.100.${100 + counter}` };
}

/** Sends every code at once to one challenge; the statuses and the 429s' Retry-After. */
async function sendAtOnce(
  factorId: string,
  client: { token: string; address: string },
  codes: string[],
) {
  const challengeId = await challengeFactor(server, factorId, client);
  const answers = await Promise.all(
    codes.map((code) => verifyCode(server, factorId, { ...client, challengeId, code })),
  );
  const bodies = await Promise.all(
    answers.map((answer) => answer.json() as Promise<{ code: string }>),
  );
  return answers.map((answer, index) => ({
    status: answer.status,
    code: bodies[index]?.code,
    retryAfter: answer.headers.get("Retry-After"),
  }));
}

function expectLimitHeld(answers: Awaited<ReturnType<typeof sendAtOnce>>) {
  const checked = answers.filter((answer) => answer.status === 422);
  const refused = answers.filter((answer) => answer.status === 429);
  expect(checked).toHaveLength(verifyFailureLimit.limit);
  expect(checked.every((answer) => answer.code === "mfa_verification_failed")).toBe(true);
  expect(refused).toHaveLength(parallelCodes - verifyFailureLimit.limit);
  for (const answer of refused) {
    expect(answer.code).toBe("over_request_rate_limit");
    // The seconds left in the factor's 15-minute window.
    const seconds = Number(answer.retryAfter);
    expect(Number.isInteger(seconds)).toBe(true);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(verifyFailureLimit.windowMs / 1000);
  }
}

describe.each(testDatabases)("on $name", { timeout: testTimeoutMs }, ({ open }) => {
  beforeAll(async () => {
    server = await startTestServer({ open });
  }, openTimeoutMs);
  afterAll(async () => {
    await server?.close();
  });

  it(`of ${parallelCodes} wrong TOTP codes sent at once, exactly ${verifyFailureLimit.limit} are checked; the rest get 429 with Retry-After`, async () => {
    const client = await signedInClient();
    const factor = await enrollFactor(server, client);
    // All of them in one window of the limit, however slow the machine.
    server.startFreshWindow(verifyFailureLimit.windowMs);
    const wrong = wrongCode(server, factor.secret);
    expectLimitHeld(await sendAtOnce(factor.id, client, Array(parallelCodes).fill(wrong)));

    // The limit holds for the right code too, until the window ends.
    const right = await challengeAndVerify(
      server,
      factor.id,
      client,
      appCode(server, factor.secret),
    );
    expect(right.status).toBe(429);
    server.startFreshWindow(verifyFailureLimit.windowMs);
    const later = await challengeAndVerify(
      server,
      factor.id,
      client,
      appCode(server, factor.secret),
    );
    expect(later.status).toBe(200);
  });

  it(`of ${parallelCodes} wrong recovery codes sent at once, exactly ${verifyFailureLimit.limit} are checked; the rest get 429 with Retry-After`, async () => {
    const client = await signedInClient();
    const factor = await enrollFactor(server, client);
    // Recovery codes count only once the factor is verified.
    const first = await challengeAndVerify(
      server,
      factor.id,
      client,
      appCode(server, factor.secret),
    );
    expect(first.status).toBe(200);
    const { access_token: token } = (await first.json()) as { access_token: string };
    const phoneLost = { token, address: client.address };

    server.startFreshWindow(verifyFailureLimit.windowMs);
    const guesses = Array.from(
      { length: parallelCodes },
      (_, index) => `zz${String(index).padStart(3, "2")}-qqqqq`,
    );
    expectLimitHeld(await sendAtOnce(factor.id, phoneLost, guesses));

    const recovery = factor.recoveryCodes[0] as string;
    expect((await challengeAndVerify(server, factor.id, phoneLost, recovery)).status).toBe(429);
    server.startFreshWindow(verifyFailureLimit.windowMs);
    expect((await challengeAndVerify(server, factor.id, phoneLost, recovery)).status).toBe(200);
  });

  it("a right code does not use up an attempt: after four wrong ones and a right one, a fifth wrong one is still checked", async () => {
    const client = await signedInClient();
    const factor = await enrollFactor(server, client);
    server.startFreshWindow(verifyFailureLimit.windowMs);
    const wrong = wrongCode(server, factor.secret);
    for (let n = 1; n < verifyFailureLimit.limit; n += 1) {
      expect((await challengeAndVerify(server, factor.id, client, wrong)).status).toBe(422);
    }
    const right = await challengeAndVerify(
      server,
      factor.id,
      client,
      appCode(server, factor.secret),
    );
    expect(right.status).toBe(200);
    expect((await challengeAndVerify(server, factor.id, client, wrong)).status).toBe(422);
    expect((await challengeAndVerify(server, factor.id, client, wrong)).status).toBe(429);
  });
});
