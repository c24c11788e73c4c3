/**
 * An access token proves the level it was issued at, never more: a token
 * from before the code was verified stays aal1 once its session is aal2, as
 * GoTrue reads the token's `aal` claim. The level is the lower of the claim
 * and the session's, so a session lowered since lowers its older tokens too.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInAccount } from "#testing/test-accounts";
import { startTestServer, type TestServer } from "#testing/test-app";
import { openTimeoutMs, testDatabases, testTimeoutMs } from "#testing/test-databases";
import { appCode, challengeAndVerify, enrollFactor, postAsClient } from "#testing/test-factors";
import { lowerAssuranceLevel } from "./tokens";

let server: TestServer;

function readAdminApi(token: string) {
  return fetch(`${server.origin}/api/admin/access`, {
    headers: { Authorization: `Bearer ${token}` },
  });
}

it("the lower of the claim and the session's level", () => {
  expect(lowerAssuranceLevel("aal1", "aal2")).toBe("aal1");
  expect(lowerAssuranceLevel("aal2", "aal1")).toBe("aal1");
  expect(lowerAssuranceLevel("aal1", "aal1")).toBe("aal1");
  expect(lowerAssuranceLevel("aal2", "aal2")).toBe("aal2");
});

describe.each(testDatabases)("on $name", { timeout: testTimeoutMs }, ({ open }) => {
  beforeAll(async () => {
    server = await startTestServer({ open });
  }, openTimeoutMs);
  afterAll(async () => {
    await server?.close();
  });

  it("an aal1 token issued before the code was verified is refused by the admin API once its session is aal2; the new aal2 token is let in", async () => {
    const address = "198.51.100.61";
    const oldToken = await createSignedInAccount(server, "uroven@example.cz", "admin");
    const factor = await enrollFactor(server, { token: oldToken, address });
    const verified = await challengeAndVerify(
      server,
      factor.id,
      { token: oldToken, address },
      appCode(server, factor.secret),
    );
    expect(verified.status).toBe(200);
    const { access_token: newToken } = (await verified.json()) as { access_token: string };

    const refused = await readAdminApi(oldToken);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      "aal2_required",
    );
    expect((await readAdminApi(newToken)).status).toBe(200);

    // The factor endpoints read the token's level too: the old token may not add another app.
    const another = await postAsClient(server, "/factors", {
      token: oldToken,
      address,
      body: { factor_type: "totp", friendly_name: "Tablet" },
    });
    expect(another.status).toBe(403);
    expect(((await another.json()) as { code: string }).code).toBe("insufficient_aal");
  });
});
