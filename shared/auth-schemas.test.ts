import { describe, expect, it } from "vitest";
import {
  authMessages,
  passwordSignInRequestSchema,
  recoverRequestSchema,
  refreshRequestSchema,
  signUpRequestSchema,
  signUpSchema,
  updateUserRequestSchema,
  userMetadataMaxBytes,
  verifyRequestSchema,
} from "./auth-schemas";
import { messages } from "./form-schemas";

const signUp = {
  email: "jana@example.cz",
  password: "heslo-123",
  data: { full_name: "Jana Nováková" },
};

/** The first issue of a refused value, as [field, message]; null when it passes. */
function firstIssue(schema: { safeParse(value: unknown): unknown }, value: unknown) {
  const result = schema.safeParse(value) as {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  };
  if (result.success) return null;
  const issue = result.error?.issues[0];
  return [String(issue?.path[0] ?? ""), issue?.message];
}

describe("the sign-up request, as @supabase/auth-js sends it", () => {
  it("accepts the library's body, drops the keys the server does not use, and trims", () => {
    expect(
      signUpRequestSchema.parse({
        ...signUp,
        email: " jana@example.cz ",
        data: { full_name: " Jana Nováková " },
        gotrue_meta_security: {},
        code_challenge: null,
      }),
    ).toEqual(signUp);
  });

  it.each([
    ["no data", { ...signUp, data: undefined }, "data", authMessages.fullNameRequired],
    ["no full name", { ...signUp, data: {} }, "data", authMessages.fullNameRequired],
    [
      "a one-letter name",
      { ...signUp, data: { full_name: "J" } },
      "data",
      authMessages.fullNameRequired,
    ],
    [
      "an invisible name",
      { ...signUp, data: { full_name: "\u200b\u202e" } },
      "data",
      messages.nameHiddenCharacters,
    ],
    [
      "a name of digits",
      { ...signUp, data: { full_name: "007" } },
      "data",
      messages.nameNeedsLetters,
    ],
    [
      "a name with a link",
      { ...signUp, data: { full_name: "www.spam.cz" } },
      "data",
      messages.nameHasLink,
    ],
    [
      "another metadata key",
      { ...signUp, data: { full_name: "Jana", role: "admin" } },
      "data",
      authMessages.userMetadataKeyNotAllowed,
    ],
    [
      "metadata over the size limit",
      { ...signUp, data: { full_name: "Jana", x: "a".repeat(userMetadataMaxBytes) } },
      "data",
      authMessages.userMetadataTooLarge,
    ],
    ["an invalid e-mail", { ...signUp, email: "jana@" }, "email", authMessages.emailInvalid],
    [
      "an e-mail of 2.7 KB",
      { ...signUp, email: `${"a".repeat(2700)}@example.cz` },
      "email",
      authMessages.emailInvalid,
    ],
    [
      "a short password",
      { ...signUp, password: "12345" },
      "password",
      authMessages.passwordTooShort,
    ],
    [
      "a long password",
      { ...signUp, password: "h".repeat(201) },
      "password",
      authMessages.passwordTooLong,
    ],
    ["a list", [signUp], "", authMessages.bodyNotObject],
  ])("refuses %s with the message that names it", (_case, body, field, message) => {
    expect(firstIssue(signUpRequestSchema, body)).toEqual([field, message]);
  });

  it("holds the registration form's name to the same rules", () => {
    const form = { email: signUp.email, password: signUp.password };
    expect(firstIssue(signUpSchema, { ...form, fullName: "\u200b\u202e" })).toEqual([
      "fullName",
      messages.nameHiddenCharacters,
    ]);
    expect(firstIssue(signUpSchema, { ...form, fullName: " " })).toEqual([
      "fullName",
      authMessages.fullNameRequired,
    ]);
    expect(firstIssue(signUpSchema, { ...form, fullName: "Jana Nováková" })).toBeNull();
  });
});

describe("the other auth requests", () => {
  it("sign-in: a missing or empty password is missing, not weak", () => {
    expect(firstIssue(passwordSignInRequestSchema, { email: signUp.email })).toEqual([
      "password",
      authMessages.passwordMissing,
    ]);
    expect(firstIssue(passwordSignInRequestSchema, { email: signUp.email, password: "" })).toEqual([
      "password",
      authMessages.passwordMissing,
    ]);
    expect(
      firstIssue(passwordSignInRequestSchema, { email: signUp.email, password: "1" }),
    ).toBeNull();
  });

  it("refresh: the token is required and short", () => {
    expect(firstIssue(refreshRequestSchema, {})).toEqual([
      "refresh_token",
      authMessages.refreshTokenMissing,
    ]);
    expect(firstIssue(refreshRequestSchema, { refresh_token: "r".repeat(513) })).not.toBeNull();
    expect(firstIssue(refreshRequestSchema, { refresh_token: "abc" })).toBeNull();
  });

  it("recover: an e-mail address", () => {
    expect(firstIssue(recoverRequestSchema, { email: "x" })).toEqual([
      "email",
      authMessages.emailInvalid,
    ]);
  });

  it("update user: metadata is limited to the full name, and to its size", () => {
    expect(firstIssue(updateUserRequestSchema, { data: { full_name: "Jana Nová" } })).toBeNull();
    expect(firstIssue(updateUserRequestSchema, { data: { avatar: "x" } })).toEqual([
      "data",
      authMessages.userMetadataKeyNotAllowed,
    ]);
    expect(
      firstIssue(updateUserRequestSchema, { data: { note: "x".repeat(3 * 1024 * 1024) } }),
    ).toEqual(["data", authMessages.userMetadataTooLarge]);
    expect(firstIssue(updateUserRequestSchema, { password: "123" })).toEqual([
      "password",
      authMessages.passwordTooShort,
    ]);
  });

  it("verify: only a recovery", () => {
    expect(firstIssue(verifyRequestSchema, { type: "signup", token_hash: "x" })).toEqual([
      "type",
      authMessages.recoveryTypeInvalid,
    ]);
    expect(firstIssue(verifyRequestSchema, { type: "recovery", token_hash: "x" })).toBeNull();
  });
});
