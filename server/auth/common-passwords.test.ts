/**
 * The most common passwords are refused, with a Czech reason, wherever a
 * password is chosen: at sign-up, when it is changed, and through a
 * recovery link. Driven by the real @supabase/auth-js.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "#testing/test-app";
import { createTestAuthClient } from "#testing/test-auth-client";
import { commonPasswordMessage, isCommonPassword } from "./common-passwords";

let server: TestServer;
let counter = 0;

function createClient() {
  counter += 1;
  return createTestAuthClient(server.origin, `198.51.100.${counter % 250}`);
}

function newEmail() {
  counter += 1;
  return `heslo${counter}-${Date.now()}@example.cz`;
}

describe("the common-password check", () => {
  it.each(["123456", "password", "qwerty123", "iloveyou", "heslo", "HESLO", "monkey1", "aaaaaa"])(
    "refuses %s",
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it.each(["bylinky-a-vune", "heslo-123", "nove-heslo-2026", "Kateřina1", "levandule7"])(
    "accepts %s",
    (password) => {
      expect(isCommonPassword(password)).toBe(false);
    },
  );
});

describe("passwords chosen through the auth API", () => {
  beforeAll(async () => {
    server = await startTestServer();
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  it("sign-up refuses a common password: 422 weak_password, reason pwned, in Czech; no account is made", async () => {
    const email = newEmail();
    const { data, error } = await createClient().signUp({
      email,
      password: "123456",
      options: { data: { full_name: "Jana" } },
    });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe("weak_password");
    expect(error?.message).toBe(commonPasswordMessage);
    expect((error as { reasons?: string[] }).reasons).toEqual(["pwned"]);
    expect(data.user).toBeNull();
    const signIn = await createClient().signInWithPassword({ email, password: "123456" });
    expect(signIn.error?.code).toBe("invalid_credentials");
  });

  it("a password change refuses one too, and the old password keeps working", async () => {
    const client = createClient();
    const email = newEmail();
    await client.signUp({
      email,
      password: "bylinky-a-vune",
      options: { data: { full_name: "Jana" } },
    });
    await server.confirmEmail(email);
    await client.signInWithPassword({ email, password: "bylinky-a-vune" });
    const { error } = await client.updateUser({
      password: "password1",
      current_password: "bylinky-a-vune",
    });
    expect(error?.code).toBe("weak_password");
    expect(error?.message).toBe(commonPasswordMessage);
    const again = await createClient().signInWithPassword({ email, password: "bylinky-a-vune" });
    expect(again.error).toBeNull();
  });

  it("so does a new password set through a recovery link", async () => {
    const email = newEmail();
    await createClient().signUp({
      email,
      password: "bylinky-a-vune",
      options: { data: { full_name: "Jana" } },
    });
    await server.confirmEmail(email);
    const client = createClient();
    await client.resetPasswordForEmail(email);
    const link = await server.readVerifyLink(email, "recovery");
    const location = (await fetch(link, { redirect: "manual" })).headers.get("Location") ?? "";
    const fragment = new URLSearchParams(new URL(location).hash.slice(1));
    await client.setSession({
      access_token: fragment.get("access_token") ?? "",
      refresh_token: fragment.get("refresh_token") ?? "",
    });
    expect((await client.updateUser({ password: "qwerty123" })).error?.message).toBe(
      commonPasswordMessage,
    );
    expect((await client.updateUser({ password: "levandule-a-mata" })).error).toBeNull();
  });
});
