/**
 * The bad-input table: hostile and malformed requests to every endpoint
 * (forms, /auth/v1, administration), over real HTTP, on each test database.
 * Each must answer 4xx with its specific error code, none 5xx, and store
 * nothing; the server's log over the whole table must hold no secret.
 */
import { createHash } from "node:crypto";
import { format } from "node:util";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from "vitest";
import {
  authSessions,
  bookings,
  contentEntries,
  contentRevisions,
  eventSignups,
  events,
  formSubmissions,
  inboxSettings,
  mailOutbox,
  newsletterSubscribers,
  recoveryTokens,
  refreshTokens,
  userRoles,
  users,
} from "#database/schema";
import { startLogCapture } from "#server/logger";
import { contentSeed } from "#shared/content/content-seed";
import { insertTestEvent } from "#testing/sample-events";
import { sampleContact, sampleRitualGift } from "#testing/sample-submissions";
import { startTestServer, type TestServer } from "#testing/test-app";
import { openTimeoutMs, testDatabases, testTimeoutMs } from "#testing/test-databases";

/** A password that must never reach a log line; every body that carries a password uses it. */
const secretPassword = "tajne-heslo-4f9c2e";
const userEmail = "jana.vstupy@example.cz";
const adminEmail = "katerina.vstupy@example.cz";

const contact = sampleContact;
const gift = sampleRitualGift;
const signUp = {
  email: "nova.ucet@example.cz",
  password: secretPassword,
  data: { full_name: "Nová Uživatelka" },
};
const signIn = { email: userEmail, password: secretPassword };

type Who = "nobody" | "user" | "admin";
type Case = {
  name: string;
  method: string;
  path: string;
  /** A JSON value (serialized here), raw text, raw bytes, or a stream of that many bytes. */
  json?: unknown;
  text?: string;
  bytes?: Uint8Array<ArrayBuffer>;
  streamBytes?: number;
  contentType?: string | null;
  as?: Who;
  authorization?: string;
  status: number;
  code: string;
};

const unknownId = "7d4a6b1e-0c55-4a8f-9a3b-2f1e0d9c8b7a";
/** zod's and Hono's English defaults, which must never reach a client. */
const englishDefault =
  /\b(invalid|expected|received|required|unrecognized|too (small|big)|not found)\b/i;
const json = "application/json";
const longEmail = `${"a".repeat(2700)}@example.cz`;
const hugeMetadata = { full_name: "Jana", note: "x".repeat(3000) };
const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
/** "Nováková" in ISO-8859-1: not UTF-8. */
const latin1Bytes = Uint8Array.from([
  ...new TextEncoder().encode('{"formType":"contact","name":"Nov'),
  0xe1,
  ...new TextEncoder().encode('kov"}'),
]);

function formCase(name: string, json: unknown, code = "validation_failed", status = 422): Case {
  return {
    name: `form: ${name}`,
    method: "POST",
    path: "/api/form-submissions",
    json,
    status,
    code,
  };
}

const formCases: Case[] = [
  formCase("NUL in the name", { ...contact, name: "Jana\u0000Nováková" }),
  formCase("NUL in the message", { ...contact, message: "Dobrý den,\u0000 ráda bych…" }),
  formCase("NUL in the e-mail", { ...contact, email: "jana@example.cz\u0000" }),
  formCase("NUL in the phone", { ...contact, phone: "777\u0000123" }),
  formCase("NUL in the honeypot", { ...contact, website: "\u0000" }),
  formCase("NUL in a key", { ...contact, "ná\u0000zev": "x" }),
  formCase("a lone high surrogate in the name", { ...contact, name: "Jana \ud800" }),
  formCase("a lone low surrogate in the message", { ...contact, message: "Dobrý den \udc00 …" }),
  formCase("a lone surrogate in a gift's name", { ...gift, name: "\ud83dŠárka" }),
  formCase("a zero-width space and a bidi override as the name", {
    ...contact,
    name: "\u200b\u202e",
  }),
  formCase("a bidi override inside the name", { ...contact, name: "Jana \u202eávokoN" }),
  formCase("two zero-width spaces around one letter", { ...contact, name: "\u200bJ\u200b" }),
  formCase("a zero-width joiner in a gift's name", { ...gift, name: "Šár\u200dka" }),
  formCase("a byte order mark inside the name", { ...contact, name: "Ja\ufeffna" }),
  formCase("CR/LF in the name", { ...contact, name: "Jana\r\nBcc: spam@example.com" }),
  formCase("a tab in the name", { ...contact, name: "Jana\tNováková" }),
  formCase("a line separator in the name", { ...contact, name: "Jana\u2028Nováková" }),
  formCase("a name of digits", { ...contact, name: "12345" }),
  formCase("a name of punctuation", { ...contact, name: "..." }),
  formCase("a name of one letter and digits", { ...contact, name: "J 007" }),
  formCase("a name with a link", { ...contact, name: "Jana http://spam.example" }),
  formCase("a name with an https link", { ...gift, name: "https://spam.example/x" }),
  formCase("a name with www.", { ...contact, name: "Jana www.spam-shop.cz" }),
  formCase("a name with a domain", { ...gift, name: "Levné léky na pills.com" }),
  formCase("a name that is an e-mail address", { ...contact, name: "spam@example.com" }),
  formCase("CR/LF in the phone", { ...contact, phone: "777\r\n123" }),
  formCase("LF at the end of the phone", { ...contact, phone: "777 123 456\n1" }),
  formCase("a tab in the phone", { ...contact, phone: "777\t123" }),
  formCase("a phone with letters", { ...contact, phone: "volejte večer" }),
  formCase("a message over 1000 characters", { ...contact, message: "ř".repeat(1001) }),
  formCase("consent false", { ...contact, privacyConsent: false }),
  formCase("an unknown field", { ...contact, isAdmin: true }),
  formCase("an unknown form type", { ...contact, formType: "newsletter" }),
  formCase("a gift with a phone", { ...gift, phone: "777123456" }),
  formCase("a list", [contact]),
  formCase("null", null),
  formCase("a number", 42),
  formCase("a string", "Jana"),
  formCase("an empty object", {}),
  formCase(
    "a __proto__ key",
    JSON.parse(`{"__proto__": {"isAdmin": true}, ${JSON.stringify(contact).slice(1)}`),
  ),
  formCase("a constructor key", { ...contact, constructor: { prototype: { isAdmin: true } } }),
  {
    name: "form: arrays nested 10,000 deep",
    method: "POST",
    path: "/api/form-submissions",
    text: nested(10_000),
    status: 422,
    code: "validation_failed",
  },
  {
    name: "form: text/plain (a cross-site form can post it)",
    method: "POST",
    path: "/api/form-submissions",
    json: contact,
    contentType: "text/plain",
    status: 415,
    code: "unsupported_media_type",
  },
  ...[
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "application/json; charset=iso-8859-1",
    "application/json; charset=windows-1250",
    'application/json; charset="latin1"',
    "application/json-patch+json",
    "application/xml",
    null,
  ].map(
    (contentType): Case => ({
      name: `form: Content-Type ${contentType ?? "missing"}`,
      method: "POST",
      path: "/api/form-submissions",
      json: contact,
      contentType,
      status: 415,
      code: "unsupported_media_type",
    }),
  ),
  ...['{"name": "Jana"', "", "{,}", "{'name': 'Jana'}", "NaN", '{"a":1}}'].map(
    (text): Case => ({
      name: `form: malformed JSON ${JSON.stringify(text)}`,
      method: "POST",
      path: "/api/form-submissions",
      text,
      status: 400,
      code: "invalid_json",
    }),
  ),
  {
    name: "form: ISO-8859-1 bytes sent as UTF-8",
    method: "POST",
    path: "/api/form-submissions",
    bytes: latin1Bytes,
    status: 400,
    code: "invalid_encoding",
  },
  {
    name: "form: a 33 KB body",
    method: "POST",
    path: "/api/form-submissions",
    json: { ...contact, message: "a".repeat(33 * 1024) },
    status: 413,
    code: "payload_too_large",
  },
  {
    name: "form: a 100 KB body without a length",
    method: "POST",
    path: "/api/form-submissions",
    streamBytes: 100 * 1024,
    status: 413,
    code: "payload_too_large",
  },
  ...["PUT", "PATCH", "DELETE", "OPTIONS"].map(
    (method): Case => ({
      name: `form: ${method} /api/form-submissions`,
      method,
      path: "/api/form-submissions",
      json: contact,
      status: 405,
      code: "method_not_allowed",
    }),
  ),
];

function authCase(
  name: string,
  method: string,
  path: string,
  body: unknown,
  status: number,
  code: string,
  extra: Partial<Case> = {},
): Case {
  return {
    name: `auth: ${name}`,
    method,
    path: `/auth/v1${path}`,
    json: body,
    status,
    code,
    ...extra,
  };
}

const signUpCases: Case[] = [
  authCase(
    "signup, NUL in full_name",
    "POST",
    "/signup",
    { ...signUp, data: { full_name: "Jana\u0000" } },
    422,
    "validation_failed",
  ),
  authCase(
    "signup, lone surrogate in full_name",
    "POST",
    "/signup",
    { ...signUp, data: { full_name: "Jana \ud800" } },
    422,
    "validation_failed",
  ),
  authCase(
    "signup, NUL in the e-mail",
    "POST",
    "/signup",
    { ...signUp, email: "nova@example.cz\u0000" },
    422,
    "validation_failed",
  ),
  authCase(
    "signup, NUL in the password",
    "POST",
    "/signup",
    { ...signUp, password: `${secretPassword}\u0000` },
    422,
    "validation_failed",
  ),
  authCase(
    "signup, NUL in a key of data",
    "POST",
    "/signup",
    { ...signUp, data: { "full\u0000name": "Jana" } },
    422,
    "validation_failed",
  ),
  authCase(
    "signup, lone surrogate in an extra field",
    "POST",
    "/signup",
    { ...signUp, gotrue_meta_security: { captcha_token: "\udfff" } },
    422,
    "validation_failed",
  ),
  authCase(
    "signup, invisible full_name",
    "POST",
    "/signup",
    { ...signUp, data: { full_name: "\u200b\u202e" } },
    400,
    "validation_failed",
  ),
  authCase(
    "signup, bidi override in full_name",
    "POST",
    "/signup",
    { ...signUp, data: { full_name: "Jana \u202eNová" } },
    400,
    "validation_failed",
  ),
  authCase(
    "signup, full_name of digits",
    "POST",
    "/signup",
    { ...signUp, data: { full_name: "1234" } },
    400,
    "validation_failed",
  ),
  authCase(
    "signup, full_name with a link",
    "POST",
    "/signup",
    { ...signUp, data: { full_name: "Jana http://spam.example" } },
    400,
    "validation_failed",
  ),
  authCase(
    "signup, full_name that is an e-mail",
    "POST",
    "/signup",
    { ...signUp, data: { full_name: "spam@example.com" } },
    400,
    "validation_failed",
  ),
  authCase(
    "signup, full_name over 100 characters",
    "POST",
    "/signup",
    { ...signUp, data: { full_name: "ř".repeat(101) } },
    400,
    "validation_failed",
  ),
  authCase(
    "signup, no data",
    "POST",
    "/signup",
    { email: signUp.email, password: secretPassword },
    400,
    "validation_failed",
  ),
  authCase(
    "signup, data as a string",
    "POST",
    "/signup",
    { ...signUp, data: "Jana" },
    400,
    "validation_failed",
  ),
  authCase(
    "signup, data with another key",
    "POST",
    "/signup",
    { ...signUp, data: { full_name: "Jana", role: "admin" } },
    400,
    "validation_failed",
  ),
  authCase(
    "signup, 3 KB of metadata",
    "POST",
    "/signup",
    { ...signUp, data: hugeMetadata },
    400,
    "validation_failed",
  ),
  authCase(
    "signup, no e-mail",
    "POST",
    "/signup",
    { password: secretPassword, data: signUp.data },
    400,
    "email_address_invalid",
  ),
  authCase(
    "signup, an invalid e-mail",
    "POST",
    "/signup",
    { ...signUp, email: "není-email" },
    400,
    "email_address_invalid",
  ),
  authCase(
    "signup, an e-mail of 2.7 KB",
    "POST",
    "/signup",
    { ...signUp, email: longEmail },
    400,
    "email_address_invalid",
  ),
  authCase(
    "signup, e-mail as a number",
    "POST",
    "/signup",
    { ...signUp, email: 42 },
    400,
    "email_address_invalid",
  ),
  authCase(
    "signup, a short password",
    "POST",
    "/signup",
    { ...signUp, password: "12345" },
    422,
    "weak_password",
  ),
  authCase(
    "signup, a password of 201 characters",
    "POST",
    "/signup",
    { ...signUp, password: "h".repeat(201) },
    422,
    "weak_password",
  ),
  authCase(
    "signup, password as a list",
    "POST",
    "/signup",
    { ...signUp, password: [secretPassword] },
    422,
    "weak_password",
  ),
  authCase("signup, a list", "POST", "/signup", [signUp], 400, "validation_failed"),
  authCase("signup, null", "POST", "/signup", null, 400, "validation_failed"),
  authCase("signup, text/plain", "POST", "/signup", signUp, 415, "unsupported_media_type", {
    contentType: "text/plain",
  }),
  authCase("signup, charset=iso-8859-1", "POST", "/signup", signUp, 415, "unsupported_media_type", {
    contentType: "application/json; charset=iso-8859-1",
  }),
  authCase("signup, a form encoding", "POST", "/signup", signUp, 415, "unsupported_media_type", {
    contentType: "application/x-www-form-urlencoded",
  }),
  authCase("signup, no content type", "POST", "/signup", signUp, 415, "unsupported_media_type", {
    contentType: null,
  }),
  authCase("signup, malformed JSON", "POST", "/signup", undefined, 400, "bad_json", {
    text: '{"email":',
  }),
  authCase("signup, an empty body", "POST", "/signup", undefined, 400, "bad_json", { text: "" }),
  authCase("signup, ISO-8859-1 bytes", "POST", "/signup", undefined, 400, "invalid_encoding", {
    bytes: latin1Bytes,
  }),
  authCase(
    "signup, a 9 KB body",
    "POST",
    "/signup",
    { ...signUp, padding: "x".repeat(9 * 1024) },
    413,
    "payload_too_large",
  ),
  authCase(
    "signup, 1 MB without a length",
    "POST",
    "/signup",
    undefined,
    413,
    "payload_too_large",
    { streamBytes: 1024 * 1024 },
  ),
  authCase("signup, nested arrays", "POST", "/signup", undefined, 400, "validation_failed", {
    text: nested(3000),
  }),
  authCase("GET /signup", "GET", "/signup", undefined, 405, "method_not_allowed"),
  authCase("PUT /signup", "PUT", "/signup", signUp, 405, "method_not_allowed"),
];

const tokenPath = "/token?grant_type=password";
const signInCases: Case[] = [
  authCase(
    "sign-in, an e-mail ending in NUL",
    "POST",
    tokenPath,
    { ...signIn, email: "user@example.com\u0000" },
    422,
    "validation_failed",
  ),
  authCase(
    "sign-in, an e-mail of 2.7 KB",
    "POST",
    tokenPath,
    { ...signIn, email: longEmail },
    400,
    "email_address_invalid",
  ),
  authCase(
    "sign-in, a lone surrogate in the password",
    "POST",
    tokenPath,
    { ...signIn, password: "heslo\ud800" },
    422,
    "validation_failed",
  ),
  authCase(
    "sign-in, an invalid e-mail",
    "POST",
    tokenPath,
    { ...signIn, email: "jana" },
    400,
    "email_address_invalid",
  ),
  authCase(
    "sign-in, no e-mail",
    "POST",
    tokenPath,
    { password: secretPassword },
    400,
    "email_address_invalid",
  ),
  authCase(
    "sign-in, no password",
    "POST",
    tokenPath,
    { email: userEmail },
    400,
    "validation_failed",
  ),
  authCase(
    "sign-in, an empty password",
    "POST",
    tokenPath,
    { email: userEmail, password: "" },
    400,
    "validation_failed",
  ),
  authCase(
    "sign-in, a password of 201 characters",
    "POST",
    tokenPath,
    { email: userEmail, password: "h".repeat(201) },
    400,
    "validation_failed",
  ),
  authCase(
    "sign-in, password as an object",
    "POST",
    tokenPath,
    { email: userEmail, password: { $ne: "" } },
    400,
    "validation_failed",
  ),
  authCase(
    "sign-in, a wrong password",
    "POST",
    tokenPath,
    { email: userEmail, password: "spatne-heslo" },
    400,
    "invalid_credentials",
  ),
  authCase(
    "sign-in, an unknown account",
    "POST",
    tokenPath,
    { email: "nikdo@example.cz", password: secretPassword },
    400,
    "invalid_credentials",
  ),
  authCase("sign-in, text/plain", "POST", tokenPath, signIn, 415, "unsupported_media_type", {
    contentType: "text/plain",
  }),
  authCase("sign-in, charset=latin1", "POST", tokenPath, signIn, 415, "unsupported_media_type", {
    contentType: "application/json;charset=latin1",
  }),
  authCase("sign-in, malformed JSON", "POST", tokenPath, undefined, 400, "bad_json", {
    text: "{email}",
  }),
  authCase(
    "sign-in, a 9 KB body",
    "POST",
    tokenPath,
    { ...signIn, padding: "x".repeat(9 * 1024) },
    413,
    "payload_too_large",
  ),
  authCase("token, no grant type", "POST", "/token", signIn, 400, "unsupported_grant_type"),
  authCase(
    "token, an unknown grant type",
    "POST",
    "/token?grant_type=pkce",
    signIn,
    400,
    "unsupported_grant_type",
  ),
  authCase(
    "token, NUL in the grant type",
    "POST",
    "/token?grant_type=password%00",
    signIn,
    422,
    "validation_failed",
  ),
  authCase("GET /token", "GET", tokenPath, undefined, 405, "method_not_allowed"),
  authCase("DELETE /token", "DELETE", "/token", undefined, 405, "method_not_allowed"),
];

const refreshPath = "/token?grant_type=refresh_token";
const refreshCases: Case[] = [
  authCase("refresh, no token", "POST", refreshPath, {}, 400, "validation_failed"),
  authCase(
    "refresh, an empty token",
    "POST",
    refreshPath,
    { refresh_token: "" },
    400,
    "validation_failed",
  ),
  authCase(
    "refresh, a token of 600 characters",
    "POST",
    refreshPath,
    { refresh_token: "r".repeat(600) },
    400,
    "validation_failed",
  ),
  authCase(
    "refresh, token as a number",
    "POST",
    refreshPath,
    { refresh_token: 1 },
    400,
    "validation_failed",
  ),
  authCase(
    "refresh, NUL in the token",
    "POST",
    refreshPath,
    { refresh_token: "abc\u0000" },
    422,
    "validation_failed",
  ),
  authCase(
    "refresh, an unknown token",
    "POST",
    refreshPath,
    { refresh_token: "neznamy-token" },
    400,
    "refresh_token_not_found",
  ),
  authCase(
    "refresh, text/plain",
    "POST",
    refreshPath,
    { refresh_token: "x" },
    415,
    "unsupported_media_type",
    { contentType: "text/plain" },
  ),
  authCase("refresh, malformed JSON", "POST", refreshPath, undefined, 400, "bad_json", {
    text: "[",
  }),
];

const userCases: Case[] = [
  authCase("GET /user without a token", "GET", "/user", undefined, 401, "no_authorization"),
  authCase("GET /user with a garbage token", "GET", "/user", undefined, 403, "bad_jwt", {
    authorization: "Bearer garbage",
  }),
  authCase("GET /user with Basic", "GET", "/user", undefined, 401, "no_authorization", {
    authorization: "Basic amFuYTpoZXNsbw==",
  }),
  authCase("GET /user with a forged token", "GET", "/user", undefined, 403, "bad_jwt", {
    authorization: "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.",
  }),
  authCase(
    "PUT /user without a token",
    "PUT",
    "/user",
    { data: { full_name: "Jana" } },
    401,
    "no_authorization",
  ),
  authCase(
    "PUT /user, NUL in data",
    "PUT",
    "/user",
    { data: { full_name: "Jana\u0000" } },
    422,
    "validation_failed",
    { as: "user" },
  ),
  authCase(
    "PUT /user, lone surrogate in data",
    "PUT",
    "/user",
    { data: { full_name: "\udbff Jana" } },
    422,
    "validation_failed",
    { as: "user" },
  ),
  authCase(
    "PUT /user, NUL in a key of data",
    "PUT",
    "/user",
    { data: { "\u0000": "x" } },
    422,
    "validation_failed",
    { as: "user" },
  ),
  authCase(
    "PUT /user, 3 KB of metadata",
    "PUT",
    "/user",
    { data: hugeMetadata },
    400,
    "validation_failed",
    { as: "user" },
  ),
  authCase(
    "PUT /user, metadata with another key",
    "PUT",
    "/user",
    { data: { avatar: "x" } },
    400,
    "validation_failed",
    { as: "user" },
  ),
  authCase(
    "PUT /user, metadata as a list",
    "PUT",
    "/user",
    { data: ["Jana"] },
    400,
    "validation_failed",
    { as: "user" },
  ),
  authCase(
    "PUT /user, an invisible full_name",
    "PUT",
    "/user",
    { data: { full_name: "\u202e\u200b" } },
    400,
    "validation_failed",
    { as: "user" },
  ),
  authCase(
    "PUT /user, a full_name with a link",
    "PUT",
    "/user",
    { data: { full_name: "www.spam.cz" } },
    400,
    "validation_failed",
    { as: "user" },
  ),
  authCase(
    "PUT /user, a short password",
    "PUT",
    "/user",
    { password: "123" },
    422,
    "weak_password",
    { as: "user" },
  ),
  authCase(
    "PUT /user, the same password",
    "PUT",
    "/user",
    { password: secretPassword, current_password: secretPassword },
    422,
    "same_password",
    { as: "user" },
  ),
  authCase(
    "PUT /user, a new password without the current one",
    "PUT",
    "/user",
    { password: "nove-heslo-321" },
    400,
    "current_password_required",
    { as: "user" },
  ),
  authCase(
    "PUT /user, a new password with a wrong current one",
    "PUT",
    "/user",
    { password: "nove-heslo-321", current_password: "neni-to-ono" },
    400,
    "current_password_invalid",
    { as: "user" },
  ),
  authCase(
    "PUT /user, the current password as a number",
    "PUT",
    "/user",
    { password: "nove-heslo-321", current_password: 123456 },
    400,
    "validation_failed",
    { as: "user" },
  ),
  authCase(
    "PUT /user, a current password of 201 characters",
    "PUT",
    "/user",
    { password: "nove-heslo-321", current_password: "x".repeat(201) },
    400,
    "validation_failed",
    { as: "user" },
  ),
  authCase(
    "PUT /user, another e-mail",
    "PUT",
    "/user",
    { email: "jina@example.cz" },
    422,
    "email_change_not_supported",
    { as: "user" },
  ),
  authCase(
    "PUT /user, e-mail of 2.7 KB",
    "PUT",
    "/user",
    { email: longEmail },
    400,
    "email_address_invalid",
    { as: "user" },
  ),
  authCase(
    "PUT /user, text/plain",
    "PUT",
    "/user",
    { data: { full_name: "Jana" } },
    415,
    "unsupported_media_type",
    { as: "user", contentType: "text/plain" },
  ),
  authCase(
    "PUT /user, charset=iso-8859-1",
    "PUT",
    "/user",
    { data: { full_name: "Jana" } },
    415,
    "unsupported_media_type",
    { as: "user", contentType: "application/json; charset=ISO-8859-1" },
  ),
  authCase("PUT /user, malformed JSON", "PUT", "/user", undefined, 400, "bad_json", {
    as: "user",
    text: "{data}",
  }),
  authCase(
    "PUT /user, 2 MB of metadata",
    "PUT",
    "/user",
    { data: { full_name: "x".repeat(2 * 1024 * 1024) } },
    413,
    "payload_too_large",
    { as: "user" },
  ),
  authCase("POST /user", "POST", "/user", {}, 405, "method_not_allowed"),
  authCase("DELETE /user", "DELETE", "/user", undefined, 405, "method_not_allowed", { as: "user" }),
];

const otherAuthCases: Case[] = [
  authCase("logout without a token", "POST", "/logout", undefined, 401, "no_authorization"),
  authCase(
    "logout with an unknown scope",
    "POST",
    "/logout?scope=everyone",
    undefined,
    400,
    "invalid_scope",
    { as: "user" },
  ),
  authCase(
    "logout with NUL in the scope",
    "POST",
    "/logout?scope=local%00",
    undefined,
    422,
    "validation_failed",
    { as: "user" },
  ),
  authCase(
    "logout with a 9 KB body",
    "POST",
    "/logout",
    { padding: "x".repeat(9 * 1024) },
    413,
    "payload_too_large",
  ),
  authCase("GET /logout", "GET", "/logout", undefined, 405, "method_not_allowed"),
  authCase("recover, no e-mail", "POST", "/recover", {}, 400, "email_address_invalid"),
  authCase(
    "recover, an invalid e-mail",
    "POST",
    "/recover",
    { email: "@example.cz" },
    400,
    "email_address_invalid",
  ),
  authCase(
    "recover, NUL in the e-mail",
    "POST",
    "/recover",
    { email: "jana@example.cz\u0000" },
    422,
    "validation_failed",
  ),
  authCase(
    "recover, an e-mail of 2.7 KB",
    "POST",
    "/recover",
    { email: longEmail },
    400,
    "email_address_invalid",
  ),
  authCase(
    "recover, NUL in redirect_to",
    "POST",
    "/recover?redirect_to=%00",
    { email: userEmail },
    422,
    "validation_failed",
  ),
  authCase(
    "recover, text/plain",
    "POST",
    "/recover",
    { email: userEmail },
    415,
    "unsupported_media_type",
    { contentType: "text/plain" },
  ),
  authCase(
    "recover, charset=iso-8859-1",
    "POST",
    "/recover",
    { email: userEmail },
    415,
    "unsupported_media_type",
    { contentType: "application/json; charset=iso-8859-1" },
  ),
  authCase("recover, malformed JSON", "POST", "/recover", undefined, 400, "bad_json", {
    text: "email=jana",
  }),
  authCase("GET /recover", "GET", "/recover", undefined, 405, "method_not_allowed"),
  authCase(
    "resend, another type",
    "POST",
    "/resend",
    { type: "sms", email: userEmail },
    400,
    "validation_failed",
  ),
  authCase(
    "resend, NUL in the e-mail",
    "POST",
    "/resend",
    { type: "signup", email: "jana@example.cz\u0000" },
    422,
    "validation_failed",
  ),
  authCase("resend, malformed JSON", "POST", "/resend", undefined, 400, "bad_json", {
    text: "email=jana",
  }),
  authCase("GET /resend", "GET", "/resend", undefined, 405, "method_not_allowed"),
  authCase(
    "factors, another factor type",
    "POST",
    "/factors",
    { factor_type: "phone", phone: "+420777123456" },
    400,
    "validation_failed",
    { as: "user" },
  ),
  authCase(
    "factors, no token",
    "POST",
    "/factors",
    { factor_type: "totp" },
    401,
    "no_authorization",
  ),
  authCase(
    "factors, a name of 200 characters",
    "POST",
    "/factors",
    { factor_type: "totp", friendly_name: "n".repeat(200) },
    400,
    "validation_failed",
    { as: "user" },
  ),
  authCase("GET /factors", "GET", "/factors", undefined, 405, "method_not_allowed"),
  authCase(
    "challenge, a factor id that is no UUID",
    "POST",
    "/factors/not-a-uuid/challenge",
    {},
    404,
    "mfa_factor_not_found",
    { as: "user" },
  ),
  authCase(
    "challenge, an unknown factor",
    "POST",
    `/factors/${unknownId}/challenge`,
    {},
    404,
    "mfa_factor_not_found",
    { as: "user" },
  ),
  authCase(
    "verify a factor, a challenge id that is no UUID",
    "POST",
    `/factors/${unknownId}/verify`,
    { challenge_id: "abc", code: "123456" },
    400,
    "validation_failed",
    { as: "user" },
  ),
  authCase(
    "verify a factor, no code",
    "POST",
    `/factors/${unknownId}/verify`,
    { challenge_id: unknownId },
    400,
    "validation_failed",
    { as: "user" },
  ),
  authCase(
    "unenroll, an unknown factor",
    "DELETE",
    `/factors/${unknownId}`,
    undefined,
    404,
    "mfa_factor_not_found",
    { as: "user" },
  ),
  authCase(
    "new recovery codes, no token",
    "POST",
    "/factors/recovery-codes/regenerate",
    undefined,
    401,
    "no_authorization",
  ),
  authCase(
    "new recovery codes for an account without an app",
    "POST",
    "/factors/recovery-codes/regenerate",
    undefined,
    404,
    "mfa_factor_not_found",
    { as: "user" },
  ),
  authCase(
    "new recovery codes, a 9 KB body",
    "POST",
    "/factors/recovery-codes/regenerate",
    { padding: "x".repeat(9 * 1024) },
    413,
    "payload_too_large",
    { as: "user" },
  ),
  authCase(
    "GET new recovery codes",
    "GET",
    "/factors/recovery-codes/regenerate",
    undefined,
    405,
    "method_not_allowed",
    { as: "user" },
  ),
  authCase(
    "verify by link, NUL in the token",
    "GET",
    "/verify?type=recovery&token=abc%00",
    undefined,
    422,
    "validation_failed",
  ),
  authCase(
    "verify by code, another type",
    "POST",
    "/verify",
    { type: "signup", token_hash: "abc" },
    400,
    "validation_failed",
  ),
  authCase(
    "verify by code, no type",
    "POST",
    "/verify",
    { token_hash: "abc" },
    400,
    "validation_failed",
  ),
  authCase("verify by code, no token", "POST", "/verify", { type: "recovery" }, 403, "otp_expired"),
  authCase(
    "verify by code, an unknown token",
    "POST",
    "/verify",
    { type: "recovery", token_hash: "neznamy" },
    403,
    "otp_expired",
  ),
  authCase(
    "verify by code, NUL in the token",
    "POST",
    "/verify",
    { type: "recovery", token_hash: "\u0000" },
    422,
    "validation_failed",
  ),
  authCase(
    "verify by code, a token of 600 characters",
    "POST",
    "/verify",
    { type: "recovery", token_hash: "t".repeat(600) },
    400,
    "validation_failed",
  ),
  authCase(
    "verify by code, text/plain",
    "POST",
    "/verify",
    { type: "recovery" },
    415,
    "unsupported_media_type",
    { contentType: "text/plain" },
  ),
  authCase("verify by code, malformed JSON", "POST", "/verify", undefined, 400, "bad_json", {
    text: "{",
  }),
  authCase("PUT /verify", "PUT", "/verify", undefined, 405, "method_not_allowed"),
  authCase("an unknown path", "GET", "/settings", undefined, 404, "not_found"),
  authCase("an unknown POST", "POST", "/otp", {}, 404, "not_found"),
  authCase("admin paths of GoTrue", "GET", "/admin/users", undefined, 404, "not_found"),
];

function adminCase(
  name: string,
  method: string,
  path: string,
  status: number,
  code: string,
  extra: Partial<Case> = {},
): Case {
  return { name: `admin: ${name}`, method, path, status, code, ...extra };
}
const adminCases: Case[] = [
  adminCase("list without a token", "GET", "/api/form-submissions", 401, "unauthorized"),
  adminCase("list with a garbage token", "GET", "/api/form-submissions", 401, "unauthorized", {
    authorization: "Bearer x.y.z",
  }),
  adminCase("list with Basic", "GET", "/api/form-submissions", 401, "unauthorized", {
    authorization: "Basic a2F0ZXJpbmE6aGVzbG8=",
  }),
  adminCase("list as a user without the role", "GET", "/api/form-submissions", 403, "forbidden", {
    as: "user",
  }),
  adminCase("access without a token", "GET", "/api/admin/access", 401, "unauthorized"),
  adminCase("access as a user without the role", "GET", "/api/admin/access", 403, "forbidden", {
    as: "user",
  }),
  adminCase(
    "delete without a token",
    "DELETE",
    `/api/form-submissions/${unknownId}`,
    401,
    "unauthorized",
  ),
  adminCase(
    "delete as a user without the role",
    "DELETE",
    `/api/form-submissions/${unknownId}`,
    403,
    "forbidden",
    { as: "user" },
  ),
  adminCase(
    "delete an unknown id",
    "DELETE",
    `/api/form-submissions/${unknownId}`,
    404,
    "not_found",
    { as: "admin" },
  ),
  adminCase(
    "delete a malformed id",
    "DELETE",
    "/api/form-submissions/1%20or%201=1",
    404,
    "not_found",
    { as: "admin" },
  ),
  adminCase("delete an id with NUL", "DELETE", "/api/form-submissions/abc%00", 404, "not_found", {
    as: "admin",
  }),
  adminCase(
    "delete an id with a lone surrogate",
    "DELETE",
    "/api/form-submissions/%ED%A0%80",
    404,
    "not_found",
    { as: "admin" },
  ),
  adminCase(
    "delete with a 2 KB body",
    "DELETE",
    `/api/form-submissions/${unknownId}`,
    413,
    "payload_too_large",
    { as: "admin", json: { padding: "x".repeat(2048) } },
  ),
  adminCase("POST /api/admin/access", "POST", "/api/admin/access", 405, "method_not_allowed", {
    as: "admin",
    json: {},
  }),
  adminCase("DELETE /api/admin/access", "DELETE", "/api/admin/access", 405, "method_not_allowed"),
  adminCase(
    "PUT a submission",
    "PUT",
    `/api/form-submissions/${unknownId}`,
    405,
    "method_not_allowed",
    { as: "admin", json: {} },
  ),
  adminCase(
    "GET an unknown submission",
    "GET",
    `/api/form-submissions/${unknownId}`,
    404,
    "not_found",
    {
      as: "admin",
    },
  ),
  adminCase(
    "GET a malformed submission id",
    "GET",
    "/api/form-submissions/1%20or%201=1",
    404,
    "not_found",
    {
      as: "admin",
    },
  ),
  adminCase(
    "state: an unknown state",
    "POST",
    `/api/form-submissions/${unknownId}/state`,
    422,
    "validation_failed",
    {
      as: "admin",
      json: { state: "archived" },
    },
  ),
  adminCase(
    "state: a key too many",
    "POST",
    `/api/form-submissions/${unknownId}/state`,
    422,
    "validation_failed",
    {
      as: "admin",
      json: { state: "read", handledAt: "2020-01-01" },
    },
  ),
  adminCase(
    "state: broken JSON",
    "POST",
    `/api/form-submissions/${unknownId}/state`,
    400,
    "invalid_json",
    {
      as: "admin",
      text: '{"state":',
      contentType: json,
    },
  ),
  adminCase(
    "state: not JSON",
    "POST",
    `/api/form-submissions/${unknownId}/state`,
    415,
    "unsupported_media_type",
    {
      as: "admin",
      text: "state=read",
      contentType: "application/x-www-form-urlencoded",
    },
  ),
  adminCase(
    "state: a 4 KB body",
    "POST",
    `/api/form-submissions/${unknownId}/state`,
    413,
    "payload_too_large",
    {
      as: "admin",
      json: { state: "read", padding: "x".repeat(4096) },
    },
  ),
  adminCase(
    "state of an unknown submission",
    "POST",
    `/api/form-submissions/${unknownId}/state`,
    404,
    "not_found",
    {
      as: "admin",
      json: { state: "read" },
    },
  ),
  adminCase(
    "state as a user without the role",
    "POST",
    `/api/form-submissions/${unknownId}/state`,
    403,
    "forbidden",
    {
      as: "user",
      json: { state: "read" },
    },
  ),
  adminCase("resend a malformed mail id", "POST", "/api/mail/1e3/resend", 404, "not_found", {
    as: "admin",
  }),
  adminCase("resend an unknown mail", "POST", "/api/mail/987654/resend", 404, "not_found", {
    as: "admin",
  }),
  adminCase("GET a resend", "GET", "/api/mail/1/resend", 405, "method_not_allowed", {
    as: "admin",
  }),
  adminCase("address without @", "POST", "/api/admin/address/summary", 422, "validation_failed", {
    as: "admin",
    json: { email: "jana" },
  }),
  adminCase("address not a string", "POST", "/api/admin/address/export", 422, "validation_failed", {
    as: "admin",
    json: { email: ["jana@example.cz"] },
  }),
  adminCase("address too long", "POST", "/api/admin/address/erase", 413, "payload_too_large", {
    as: "admin",
    json: { email: longEmail },
  }),
  adminCase(
    "GET an address export",
    "GET",
    "/api/admin/address/export",
    405,
    "method_not_allowed",
    {
      as: "admin",
    },
  ),
  adminCase("retention: zero months", "PUT", "/api/admin/retention", 422, "validation_failed", {
    as: "admin",
    json: { months: 0 },
  }),
  adminCase("retention: a string", "PUT", "/api/admin/retention", 422, "validation_failed", {
    as: "admin",
    json: { months: "12" },
  }),
  adminCase("retention: missing", "PUT", "/api/admin/retention", 422, "validation_failed", {
    as: "admin",
    json: {},
  }),
  adminCase("retention: DELETE", "DELETE", "/api/admin/retention", 405, "method_not_allowed", {
    as: "admin",
  }),
  adminCase(
    "retention preview: a string",
    "POST",
    "/api/admin/retention/preview",
    422,
    "validation_failed",
    { as: "admin", json: { months: "12" } },
  ),
  adminCase(
    "retention preview: GET",
    "GET",
    "/api/admin/retention/preview",
    405,
    "method_not_allowed",
    { as: "admin" },
  ),
  adminCase("an unknown API path", "GET", "/api/users", 404, "not_found", { as: "admin" }),
  adminCase("an unknown API POST", "POST", "/api/admin/grant", 404, "not_found", {
    as: "admin",
    json: { email: userEmail },
  }),
  adminCase("the bare /api", "DELETE", "/api", 404, "not_found"),
];

/** Values of the wrong type or keys that do not belong, where only zod had words (English ones). */
/** The first administrator's link (`POST /api/first-admin`): public, but refuses all of this. */
const firstAdminBody = {
  token: "a".repeat(43),
  email: "majitelka.vstupy@example.cz",
  password: secretPassword,
  fullName: "Kateřina Lesní",
};
const firstAdminCases: Case[] = [
  {
    name: "first admin: not JSON",
    method: "POST",
    path: "/api/first-admin",
    text: "{",
    contentType: json,
    status: 400,
    code: "invalid_json",
  },
  {
    name: "first admin: as a form",
    method: "POST",
    path: "/api/first-admin",
    text: "token=x",
    contentType: "application/x-www-form-urlencoded",
    status: 415,
    code: "unsupported_media_type",
  },
  {
    name: "first admin: no fields",
    method: "POST",
    path: "/api/first-admin",
    json: {},
    status: 422,
    code: "validation_failed",
  },
  {
    name: "first admin: the password as a number",
    method: "POST",
    path: "/api/first-admin",
    json: { ...firstAdminBody, password: 123456 },
    status: 422,
    code: "validation_failed",
  },
  {
    name: "first admin: a made-up token",
    method: "POST",
    path: "/api/first-admin",
    json: firstAdminBody,
    status: 403,
    code: "setup_link_invalid",
  },
  {
    name: "first admin: 20 KB",
    method: "POST",
    path: "/api/first-admin",
    json: { ...firstAdminBody, fullName: "x".repeat(20_000) },
    status: 413,
    code: "payload_too_large",
  },
];

const wrongTypeCases: Case[] = [
  formCase("the hidden field as a number", { ...contact, website: 1 }),
  formCase("the consent as a string", { ...contact, privacyConsent: "ano" }),
  authCase(
    "sign-in, the e-mail as a number",
    "POST",
    tokenPath,
    { ...signIn, email: 42 },
    400,
    "email_address_invalid",
  ),
  authCase(
    "sign-up, the password as a number",
    "POST",
    "/signup",
    { ...signUp, password: 123456 },
    422,
    "weak_password",
  ),
  authCase(
    "factors, the name as a number",
    "POST",
    "/factors",
    { factor_type: "totp", friendly_name: 5 },
    400,
    "validation_failed",
    { as: "user" },
  ),
  adminCase("retention: an unknown key", "PUT", "/api/admin/retention", 422, "validation_failed", {
    as: "admin",
    json: { months: 12, forever: true },
  }),
  adminCase(
    "materials: the title as a number",
    "POST",
    "/api/admin/materials",
    422,
    "validation_failed",
    {
      as: "admin",
      json: { title: 5, place: "members" },
    },
  ),
  adminCase(
    "materials: the order as a string",
    "PUT",
    "/api/admin/material-order",
    422,
    "validation_failed",
    {
      as: "admin",
      json: { ids: "first" },
    },
  ),
  adminCase(
    "gift links: a blank link",
    "POST",
    "/api/admin/gift-links/revoke",
    422,
    "validation_failed",
    {
      as: "admin",
      json: { link: " " },
    },
  ),
];

/** Her content (`/api/admin/content`): a draft, a publish and a restore, each refused whole. */
const heroDraft = "/api/admin/content/home-hero/draft";
const hero = contentSeed["home-hero"];
const contentCases: Case[] = [
  adminCase("content: a draft without a token", "PUT", heroDraft, 401, "unauthorized", {
    json: { version: 1, data: hero },
  }),
  adminCase("content: a draft that is not JSON", "PUT", heroDraft, 400, "invalid_json", {
    as: "admin",
    text: '{"version": 1, "data": {',
  }),
  adminCase("content: a draft as a form", "PUT", heroDraft, 415, "unsupported_media_type", {
    as: "admin",
    text: "version=1&heading=Ahoj",
    contentType: "application/x-www-form-urlencoded",
  }),
  adminCase("content: a draft without its version", "PUT", heroDraft, 422, "validation_failed", {
    as: "admin",
    json: { data: hero },
  }),
  adminCase("content: the heading as a number", "PUT", heroDraft, 422, "validation_failed", {
    as: "admin",
    json: { version: 1, data: { ...hero, heading: 5 } },
  }),
  adminCase("content: a NUL in the lead", "PUT", heroDraft, 422, "validation_failed", {
    as: "admin",
    json: { version: 1, data: { ...hero, lead: "Ahoj\u0000" } },
  }),
  adminCase("content: a draft of 200 KB", "PUT", heroDraft, 413, "payload_too_large", {
    as: "admin",
    json: { version: 1, data: { ...hero, lead: "a".repeat(200_000) } },
  }),
  adminCase(
    "content: an item that does not exist",
    "PUT",
    "/api/admin/content/cenik/draft",
    404,
    "content_not_found",
    { as: "admin", json: { version: 1, data: hero } },
  ),
  adminCase(
    "content: a price as text",
    "PUT",
    "/api/admin/content/offers/draft",
    422,
    "validation_failed",
    {
      as: "admin",
      json: {
        version: 1,
        data: {
          offers: contentSeed.offers.offers.map((offer) => ({ ...offer, priceCzk: "1200 Kč" })),
        },
      },
    },
  ),
  adminCase(
    // Her list may lose an offer nothing refers to (decision 0042), never its last one.
    "content: offers with none left",
    "PUT",
    "/api/admin/content/offers/draft",
    422,
    "validation_failed",
    { as: "admin", json: { version: 1, data: { offers: [], retired: [] } } },
  ),
  adminCase(
    "content: a publish with the version as text",
    "POST",
    "/api/admin/content/home-hero/publish",
    422,
    "validation_failed",
    { as: "admin", json: { version: "1" } },
  ),
  adminCase(
    "content: a restore of a made-up revision",
    "POST",
    "/api/admin/content/home-hero/revisions/abc/restore",
    404,
    "revision_not_found",
    { as: "admin", json: { version: 1 } },
  ),
  adminCase(
    "content: DELETE an item",
    "DELETE",
    "/api/admin/content/home-hero",
    405,
    "method_not_allowed",
    { as: "admin" },
  ),
];

/** A booking as the page sends it, at a time surely never offered (a night in the past). */
const booking = {
  offerId: "consultation",
  startsAt: "2026-01-01T02:00:00Z",
  name: "Jana Nováková",
  email: "jana.rezervace@example.cz",
  privacyConsent: true,
};
const bookingCases: Case[] = [
  ...[
    ["an offer that does not exist", "/api/booking/free-times?offer=%3Cscript%3E"],
    ["no offer", "/api/booking/free-times"],
  ].map(([name, path]) => ({
    name: `booking: free times for ${name}`,
    method: "GET",
    path: path as string,
    status: 422,
    code: "validation_failed",
  })),
  {
    name: "booking: free times of an offer not bookable",
    method: "GET",
    path: "/api/booking/free-times?offer=products",
    status: 422,
    code: "offer_not_bookable",
  },
  ...(
    [
      ["a forged offer id", { ...booking, offerId: "consultation'--" }],
      ["a start that is no moment", { ...booking, startsAt: "zítra v 9" }],
      ["a start without its offset", { ...booking, startsAt: "2027-01-05T09:00:00" }],
      ["no consent", { ...booking, privacyConsent: false }],
      ["a field no form has", { ...booking, state: "confirmed" }],
      ["a list instead of an object", [booking]],
    ] as const
  ).map(([name, json]) => ({
    name: `booking: ${name}`,
    method: "POST",
    path: "/api/bookings",
    json,
    status: 422,
    code: "validation_failed",
  })),
  {
    name: "booking: a time never offered",
    method: "POST",
    path: "/api/bookings",
    json: booking,
    status: 422,
    code: "slot_not_offered",
  },
  {
    // Text like any other (escaped wherever it is shown): refused here for its time alone.
    name: "booking: a name of markup",
    method: "POST",
    path: "/api/bookings",
    json: { ...booking, name: "<script>alert(1)</script>" },
    status: 422,
    code: "slot_not_offered",
  },
  {
    name: "booking: not JSON",
    method: "POST",
    path: "/api/bookings",
    text: '{"offerId": "consultation",',
    status: 400,
    code: "invalid_json",
  },
  {
    name: "booking: a form post to the API",
    method: "POST",
    path: "/api/bookings",
    text: "offerId=consultation",
    contentType: "application/x-www-form-urlencoded",
    status: 415,
    code: "unsupported_media_type",
  },
  {
    name: "booking: a body far over its limit",
    method: "POST",
    path: "/api/bookings",
    streamBytes: 256 * 1024,
    status: 413,
    code: "payload_too_large",
  },
  {
    name: "booking: a cancel token too short",
    method: "POST",
    path: "/api/bookings/cancel",
    json: { token: "abc" },
    status: 422,
    code: "validation_failed",
  },
  {
    name: "booking: a cancel link that never was",
    method: "POST",
    path: "/api/bookings/cancel",
    json: { token: "a".repeat(43) },
    status: 404,
    code: "cancel_link_invalid",
  },
];

/** Where a case's path names the event seeded in `beforeAll` (its id is known only then). */
const seededEvent = ":event";
/** A visitor's sign-up as the event's page sends it. */
const eventSignup = {
  name: "Jana Nováková",
  email: "jana.akce@example.cz",
  privacyConsent: true,
};
const eventSignupPath = `/api/events/${seededEvent}/signups`;
const eventCases: Case[] = [
  ...(
    [
      ["no consent", { ...eventSignup, privacyConsent: false }],
      ["a NUL in the name", { ...eventSignup, name: "Jana\u0000" }],
      ["a name with a link", { ...eventSignup, name: "Jana http://spam.example" }],
      ["CR/LF in the e-mail", { ...eventSignup, email: "jana@example.cz\r\nBcc: x@example.cz" }],
      ["no places", { ...eventSignup, places: 0 }],
      ["places as words", { ...eventSignup, places: "hodně" }],
      ["half a place", { ...eventSignup, places: 1.5 }],
      ["a note over 1000 characters", { ...eventSignup, note: "ř".repeat(1001) }],
      ["a field no form has", { ...eventSignup, state: "confirmed" }],
      ["a list instead of an object", [eventSignup]],
    ] as const
  ).map(([name, json]) => ({
    name: `events: a sign-up with ${name}`,
    method: "POST",
    path: eventSignupPath,
    json,
    status: 422,
    code: "validation_failed",
  })),
  {
    name: "events: a sign-up for more places than one sign-up may take",
    method: "POST",
    path: eventSignupPath,
    json: { ...eventSignup, places: 1_000_000 },
    status: 422,
    code: "too_many_places",
  },
  ...[
    ["an event that does not exist", `/api/events/${unknownId}/signups`],
    ["an id that is no id", "/api/events/1%27%20or%201=1--/signups"],
    ["an id of 2,000 characters", `/api/events/${"a".repeat(2000)}/signups`],
  ].map(([name, path]) => ({
    name: `events: a sign-up for ${name}`,
    method: "POST",
    path: path as string,
    json: eventSignup,
    status: 404,
    code: "event_not_found",
  })),
  {
    name: "events: a sign-up that is not JSON",
    method: "POST",
    path: eventSignupPath,
    text: '{"name": "Jana",',
    status: 400,
    code: "invalid_json",
  },
  {
    name: "events: a sign-up posted as a form to the API",
    method: "POST",
    path: eventSignupPath,
    text: "name=Jana",
    contentType: "application/x-www-form-urlencoded",
    status: 415,
    code: "unsupported_media_type",
  },
  {
    name: "events: a sign-up far over its limit",
    method: "POST",
    path: eventSignupPath,
    streamBytes: 256 * 1024,
    status: 413,
    code: "payload_too_large",
  },
  {
    name: "events: a cancel token too short",
    method: "POST",
    path: "/api/events/signups/cancel",
    json: { token: "abc" },
    status: 422,
    code: "validation_failed",
  },
  {
    name: "events: a cancel link that never was",
    method: "POST",
    path: "/api/events/signups/cancel",
    json: { token: "a".repeat(43) },
    status: 404,
    code: "cancel_link_invalid",
  },
  {
    name: "events: a cancel token as a number",
    method: "POST",
    path: "/api/events/signups/cancel",
    json: { token: 42 },
    status: 422,
    code: "validation_failed",
  },
];

/**
 * A body far over what the page addresses take (a browser's form never sends one): refused before
 * it is read, with the JSON answer of every body limit.
 */
const pageBodyLimitCases: Case[] = [
  ["the no-script event sign-up", `/akce/prihlaska/${seededEvent}`],
  ["an event's cancel link", "/akce/zruseni/abc"],
  ["the blog's newsletter form", "/novinky/prihlaseni"],
  ["a newsletter confirmation", "/novinky/potvrzeni/abc"],
  ["a one-click unsubscribe", "/novinky/odhlaseni/abc"],
  ["a subscribe-again button", "/novinky/odhlaseni/abc/znovu"],
].map(([name, path]) => ({
  name: `page forms: ${name}, 256 KB without a length`,
  method: "POST",
  path: path as string,
  streamBytes: 256 * 1024,
  contentType: "application/x-www-form-urlencoded",
  status: 413,
  code: "payload_too_large",
}));

/**
 * The addresses answered with a page (a form posted without scripts, a link from an e-mail, a
 * calendar app's feed): refused with a Czech page or text, and a 4xx.
 */
type PageCase = Omit<Case, "code"> & {
  /** Words the Czech answer says. */
  says: string;
  headers?: Record<string, string>;
};

const form = "application/x-www-form-urlencoded";
/** A form posted from the site's own page (`isFromThisSite`). */
const sameSite = { "Sec-Fetch-Site": "same-origin" };
const eventFormPath = `/akce/prihlaska/${seededEvent}`;
const eventForm = "name=Jana+Nov%C3%A1kov%C3%A1&email=jana.akce%40example.cz&privacyConsent=on";
/** A confirmation token of the right length that nobody was given. */
const forgedToken = "Zm9yZ2VkLXRva2VuLW9mLXRoZS1yaWdodC1sZW5ndGgtMTIz";
/** A real subscriber's id with a made-up signature (the id is seeded in `beforeAll`). */
const seededSubscriber = ":subscriber";
/** The confirmation token of a sign-up made eight days ago (seeded in `beforeAll`). */
const expiredToken = "vyprsely-odkaz-pro-potvrzeni-odberu-novinek-1";
const oneClick = "List-Unsubscribe=One-Click";

const pageCases: PageCase[] = [
  // The sign-up form of an event's page, without scripts.
  {
    name: "event form: posted from another site",
    method: "POST",
    path: eventFormPath,
    text: eventForm,
    contentType: form,
    status: 403,
    says: "Přihlášku lze odeslat jen z tohoto webu",
  },
  ...(
    [
      ["no consent", eventForm.replace("&privacyConsent=on", "")],
      ["an e-mail that is none", eventForm.replace("jana.akce%40example.cz", "jana")],
      ["a NUL in the name", eventForm.replace("Jana+", "Jana%00")],
      ["places as words", `${eventForm}&places=hodn%C4%9B`],
      ["an empty body", ""],
    ] as const
  ).map(([name, text]) => ({
    name: `event form: ${name}`,
    method: "POST",
    path: eventFormPath,
    text,
    contentType: form,
    headers: sameSite,
    status: 422,
    says: "Opravte prosím, co je u polí vyznačené",
  })),
  {
    name: "event form: JSON instead of a form",
    method: "POST",
    path: eventFormPath,
    json: eventSignup,
    headers: sameSite,
    status: 422,
    says: "Opravte prosím, co je u polí vyznačené",
  },
  ...[
    ["POST", "an event that does not exist", `/akce/prihlaska/${unknownId}`],
    ["POST", "an id that is no id", "/akce/prihlaska/%3Cscript%3E"],
    ["GET", "the result of an event that does not exist", `/akce/prihlaska/${unknownId}`],
    ["GET", "the result of an id that is no id", "/akce/prihlaska/..%2F..%2Fetc"],
  ].map(([method, name, path]) => ({
    name: `event form: ${name} (${method})`,
    method: method as string,
    path: path as string,
    ...(method === "POST" && { text: eventForm, contentType: form }),
    headers: sameSite,
    status: 404,
    says: "Tuto akci jsem nenašla",
  })),
  // The cancel link of a sign-up's e-mail.
  ...["GET", "POST"].flatMap((method) =>
    [
      ["a token nobody was given", forgedToken],
      ["a token of one letter", "x"],
      ["a token of 2,000 letters", "a".repeat(2000)],
      ["a token with a NUL", "abc%00def"],
    ].map(([name, token]) => ({
      name: `event cancel: ${name} (${method})`,
      method,
      path: `/akce/zruseni/${token}`,
      ...(method === "POST" && { text: "", contentType: form }),
      status: 404,
      says: "Tento odkaz pro zrušení neplatí",
    })),
  ),
  // An event's page that is not there.
  ...[
    ["a slug of markup", "/akce/%3Cscript%3Ealert(1)%3C%2Fscript%3E"],
    ["a slug with a NUL", "/akce/kruh%00zen"],
    ["a slug of 2,000 letters", `/akce/${"a".repeat(2000)}`],
    ["a slug that climbs up", "/akce/..%2F..%2Fpackage.json"],
  ].map(([name, path]) => ({
    name: `event page: ${name}`,
    method: "GET",
    path: path as string,
    status: 404,
    says: "",
  })),
  // The blog's small newsletter form, without scripts.
  {
    name: "newsletter: a sign-up posted from another site",
    method: "POST",
    path: "/novinky/prihlaseni",
    text: "email=jana%40example.cz",
    contentType: form,
    status: 403,
    says: "Přihlásit se je možné jen z formuláře na tomto webu",
  },
  ...[
    ["an e-mail that is none", "email=jana"],
    ["no e-mail", "website="],
    ["an e-mail with CR/LF", "email=jana%40example.cz%0D%0ABcc%3A+x%40example.cz"],
    ["an e-mail with a NUL", "email=jana%00%40example.cz"],
    ["an e-mail of 2.7 KB", `email=${"a".repeat(2700)}%40example.cz`.slice(0, 2800)],
  ].map(([name, text]) => ({
    name: `newsletter: a sign-up with ${name}`,
    method: "POST",
    path: "/novinky/prihlaseni",
    text: text as string,
    contentType: form,
    headers: sameSite,
    status: 422,
    says: "Přihlášení k novinkám",
  })),
  ...[
    ["JSON", json, '{"email":"jana@example.cz"}'],
    ["text/plain", "text/plain", "email=jana%40example.cz"],
    ["broken percent escapes", form, "email=jana%ZZ%40example.cz"],
  ].map(([name, contentType, text]) => ({
    name: `newsletter: a sign-up as ${name}`,
    method: "POST",
    path: "/novinky/prihlaseni",
    text: text as string,
    contentType: contentType as string,
    headers: sameSite,
    status: 415,
    says: "Formulář se nepodařilo přečíst",
  })),
  // The confirmation link (double opt-in): the page asks, its button confirms.
  ...["GET", "POST"].flatMap((method) => [
    ...[
      ["a token nobody was given", forgedToken],
      ["garbage", "%3Cscript%3E"],
      ["a token of 2,000 letters", "a".repeat(2000)],
    ].map(([name, token]) => ({
      name: `newsletter confirm: ${name} (${method})`,
      method,
      path: `/novinky/potvrzeni/${token}`,
      status: 404,
      says: "Tento odkaz neznám, a tak jsem nic nezměnila",
    })),
    {
      name: `newsletter confirm: an expired link (${method})`,
      method,
      path: `/novinky/potvrzeni/${expiredToken}`,
      status: 410,
      says: "Odkaz pro potvrzení platí 7 dní",
    },
  ]),
  // The letters' unsubscribe link, and the one-click POST of RFC 8058.
  ...["GET", "POST"].flatMap((method) =>
    [
      ["a token of one letter", "x"],
      ["a real id with a made-up signature", `${seededSubscriber}.${"A".repeat(32)}`],
      ["a made-up id and signature", `${unknownId}.${"A".repeat(32)}`],
      ["a token of three parts", `${seededSubscriber}.${"A".repeat(32)}.x`],
      ["a token with a NUL", `${seededSubscriber}%00.abc`],
    ].map(([name, token]) => ({
      name: `newsletter unsubscribe: ${name} (${method})`,
      method,
      path: `/novinky/odhlaseni/${token}`,
      ...(method === "POST" && { text: oneClick, contentType: form }),
      status: 404,
      says: "Tento odkaz neznám, a tak jsem nic nezměnila",
    })),
  ),
  {
    name: "newsletter unsubscribe: a one-click post as JSON",
    method: "POST",
    path: `/novinky/odhlaseni/${seededSubscriber}.${"A".repeat(32)}`,
    json: { "List-Unsubscribe": "One-Click" },
    status: 404,
    says: "Tento odkaz neznám, a tak jsem nic nezměnila",
  },
  {
    name: "newsletter subscribe again: a forged token",
    method: "POST",
    path: `/novinky/odhlaseni/${seededSubscriber}.${"A".repeat(32)}/znovu`,
    text: "",
    contentType: form,
    headers: sameSite,
    status: 404,
    says: "Tento odkaz neznám, a tak jsem nic nezměnila",
  },
  {
    name: "newsletter subscribe again: posted from another site",
    method: "POST",
    path: `/novinky/odhlaseni/${seededSubscriber}.${"A".repeat(32)}/znovu`,
    text: "",
    contentType: form,
    status: 403,
    says: "Tento odkaz neznám, a tak jsem nic nezměnila",
  },
  // Her private calendar feed, asked for by a calendar app.
  ...[
    ["a token nobody was given", `/kalendar/${forgedToken}.ics`],
    ["no token", "/kalendar/.ics"],
    ["a token with a NUL", "/kalendar/abc%00def.ics"],
    ["a token of 2,000 letters", `/kalendar/${"a".repeat(2000)}.ics`],
    ["a name without .ics", `/kalendar/${forgedToken}`],
  ].map(([name, path]) => ({
    name: `calendar feed: ${name}`,
    method: "GET",
    path: path as string,
    status: 404,
    says: "Tento kalendář neexistuje",
  })),
];

const cases: Case[] = [
  ...formCases,
  ...wrongTypeCases,
  ...signUpCases,
  ...signInCases,
  ...refreshCases,
  ...userCases,
  ...otherAuthCases,
  ...adminCases,
  ...firstAdminCases,
  ...contentCases,
  ...bookingCases,
  ...eventCases,
  ...pageBodyLimitCases,
];

/** A body of `size` bytes of "[", streamed without a Content-Length. */
function streamOf(size: number): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(16 * 1024).fill(0x5b);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= size) return controller.close();
      controller.enqueue(chunk);
      sent += chunk.length;
    },
  });
}

describe("the bad-input table", () => {
  it("has at least 150 requests and covers every endpoint", () => {
    expect(cases.length).toBeGreaterThanOrEqual(150);
    const covered = new Set(cases.map((c) => `${c.method} ${c.path.split("?")[0]}`));
    for (const endpoint of [
      "POST /api/form-submissions",
      "POST /auth/v1/signup",
      "POST /auth/v1/token",
      "GET /auth/v1/user",
      "PUT /auth/v1/user",
      "POST /auth/v1/logout",
      "POST /auth/v1/recover",
      "POST /auth/v1/resend",
      "POST /auth/v1/factors",
      `POST /auth/v1/factors/${unknownId}/challenge`,
      `POST /auth/v1/factors/${unknownId}/verify`,
      `DELETE /auth/v1/factors/${unknownId}`,
      "POST /auth/v1/factors/recovery-codes/regenerate",
      "GET /auth/v1/verify",
      "POST /auth/v1/verify",
      "GET /api/form-submissions",
      `DELETE /api/form-submissions/${unknownId}`,
      "GET /api/admin/access",
    ]) {
      expect(covered, endpoint).toContain(endpoint);
    }
    expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length);
  });
});

describe.each(testDatabases)("bad input on $name", ({ open }) => {
  let server: TestServer;
  const tokens: Record<Exclude<Who, "nobody">, { access: string; refresh: string }> = {
    user: { access: "", refresh: "" },
    admin: { access: "", refresh: "" },
  };
  const logged: string[] = [];
  const consoleSpies: MockInstance[] = [];
  let logCapture: ReturnType<typeof startLogCapture>;
  let addressCounter = 0;
  const seeded = { eventId: "", subscriberId: "" };

  async function post(path: string, body: unknown) {
    return fetch(`${server.origin}${path}`, {
      method: "POST",
      headers: { "Content-Type": json, "X-Forwarded-For": nextAddress() },
      body: JSON.stringify(body),
    });
  }

  /** Each request from an address of its own: the table tests validation, not rate limits. */
  function nextAddress() {
    addressCounter += 1;
    return `2001:db8:${addressCounter.toString(16)}::1`;
  }

  async function createAccount(email: string) {
    const response = await post("/auth/v1/signup", {
      email,
      password: secretPassword,
      data: { full_name: "Jana Testovací" },
    });
    expect(response.status).toBe(200);
    // Signed in once her link has confirmed the address.
    await server.confirmEmail(email);
    const signIn = await post("/auth/v1/token?grant_type=password", {
      email,
      password: secretPassword,
    });
    expect(signIn.status).toBe(200);
    const session = (await signIn.json()) as { access_token: string; refresh_token: string };
    return { access: session.access_token, refresh: session.refresh_token };
  }

  async function storedCounts() {
    const tables = {
      users,
      authSessions,
      refreshTokens,
      recoveryTokens,
      userRoles,
      formSubmissions,
      mailOutbox,
      inboxSettings,
      contentEntries,
      contentRevisions,
      bookings,
      events,
      eventSignups,
      newsletterSubscribers,
    };
    const counts: Record<string, number | string> = {};
    for (const [name, table] of Object.entries(tables)) {
      const [row] = await server.db.select({ n: count() }).from(table);
      counts[name] = row?.n ?? -1;
    }
    // A link that changes a row, not the count (an unsubscribe, a cancel, a confirmation).
    const subscriberStates = await server.db
      .select({ state: newsletterSubscribers.state })
      .from(newsletterSubscribers)
      .orderBy(newsletterSubscribers.id);
    counts.subscriberStates = subscriberStates.map((row) => row.state).join();
    const signupStates = await server.db
      .select({ state: eventSignups.state })
      .from(eventSignups)
      .orderBy(eventSignups.id);
    counts.signupStates = signupStates.map((row) => row.state).join();
    return counts;
  }

  beforeAll(async () => {
    // Its administrator signs in with a password alone: two-factor sign-in has tests of its own.
    server = await startTestServer({ open, settings: { ADMIN_REQUIRE_2FA: "false" } });
    tokens.user = await createAccount(userEmail);
    tokens.admin = await createAccount(adminEmail);
    const [admin] = await server.db.select().from(users).where(eq(users.email, adminEmail));
    await server.db.insert(userRoles).values({ userId: admin?.id ?? "", role: "admin" });
    // An event with a sign-up, a subscriber and a sign-up whose link has expired: what the
    // event and newsletter rows must leave as they are.
    const event = await insertTestEvent(server.db, server.now());
    seeded.eventId = event.id;
    const signedUp = await send({
      name: "a sign-up",
      method: "POST",
      path: eventSignupPath,
      json: eventSignup,
      status: 201,
    });
    expect(signedUp.status).toBe(201);
    const consent = {
      source: "blog",
      consentText: "Souhlasím se zasíláním novinek.",
      consentVersion: "test",
      consentedAt: server.now(),
      consentAddressBlock: "2001:db8::/48",
    } as const;
    const [subscriber] = await server.db
      .insert(newsletterSubscribers)
      .values([
        {
          ...consent,
          email: "odberatelka@example.cz",
          state: "subscribed",
          confirmedAt: server.now(),
        },
        {
          ...consent,
          email: "pozdni@example.cz",
          state: "pending",
          confirmTokenHash: createHash("sha256").update(expiredToken).digest("hex"),
          confirmExpiresAt: new Date(server.now().getTime() - 24 * 3_600_000),
        },
      ])
      .returning();
    seeded.subscriberId = subscriber?.id ?? "";
    // Everything the server logs or prints from here on is read at the end.
    logCapture = startLogCapture();
    for (const method of ["log", "info", "warn", "error", "debug"] as const) {
      consoleSpies.push(
        vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
          logged.push(format(...args));
        }),
      );
    }
  }, openTimeoutMs);

  afterAll(async () => {
    for (const spy of consoleSpies) spy.mockRestore();
    logCapture?.stop();
    await server?.close();
  });

  /** The case's request, with the seeded event's and subscriber's ids in its path. */
  async function send(c: Omit<Case, "code"> & { headers?: Record<string, string> }) {
    const headers: Record<string, string> = { "X-Forwarded-For": nextAddress(), ...c.headers };
    const contentType = c.contentType === undefined ? json : c.contentType;
    if (contentType !== null) headers["Content-Type"] = contentType;
    if (c.as && c.as !== "nobody") headers.Authorization = `Bearer ${tokens[c.as].access}`;
    if (c.authorization) headers.Authorization = c.authorization;
    let body: BodyInit | undefined;
    if (c.streamBytes !== undefined) body = streamOf(c.streamBytes);
    else if (c.bytes) body = c.bytes;
    else if (c.text !== undefined) body = c.text;
    else if (c.json !== undefined) body = JSON.stringify(c.json);
    const path = c.path
      .replace(seededEvent, seeded.eventId)
      .replace(seededSubscriber, seeded.subscriberId);
    return fetch(`${server.origin}${path}`, {
      method: c.method,
      headers,
      body,
      ...(c.streamBytes !== undefined && { duplex: "half" }),
    } as RequestInit);
  }

  it.each(cases)(
    "$name: $status $code, nothing stored",
    async (c) => {
      const before = await storedCounts();
      const response = await send(c);

      expect(response.status).toBe(c.status);
      expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
      const answer = (await response.json()) as {
        code?: string;
        error_code?: string;
        message?: string;
        error?: { code: string; message: string; fields?: Record<string, string> };
      };
      // Every word the client may show is Czech, field messages included (zod's own are English).
      for (const text of [
        answer.message,
        answer.error?.message,
        ...Object.values(answer.error?.fields ?? {}),
      ]) {
        if (text !== undefined) expect(text).not.toMatch(englishDefault);
      }
      if (c.path.startsWith("/auth/v1")) {
        // GoTrue's shape, which @supabase/auth-js reads.
        expect(response.headers.get("X-Supabase-Api-Version")).toBe("2024-01-01");
        expect(answer.code).toBe(c.code);
        expect(answer.error_code).toBe(c.code);
        expect(answer.message).toMatch(/\p{L}/u);
      } else {
        expect(answer.error?.code).toBe(c.code);
        expect(answer.error?.message).toMatch(/\p{L}/u);
      }
      if (c.status === 405) expect(response.headers.get("Allow")).toMatch(/^[A-Z]+(, [A-Z]+)*$/);
      expect(await storedCounts()).toEqual(before);
    },
    testTimeoutMs,
  );

  it.each(pageCases)(
    "$name: $status and a Czech page, nothing changed",
    async (c) => {
      const before = await storedCounts();
      const response = await send(c);

      expect(response.status).toBe(c.status);
      expect(response.headers.get("Content-Type")).toMatch(/^text\/(html|plain); charset=utf-8/i);
      // Read as a person reads it: czech() binds one-letter words with no-break spaces.
      const page = (await response.text()).replaceAll("\u00a0", " ");
      expect(page).toContain(c.says);
      if (page.startsWith("<!doctype html>")) expect(page).toContain('<html lang="cs">');
      // Its words, not its markup (`required`, `aria-invalid` are attributes).
      expect(page.replace(/<[^>]*>/g, " ")).not.toMatch(englishDefault);
      expect(await storedCounts()).toEqual(before);
    },
    testTimeoutMs,
  );

  it("printed no password, hash, token, body or SQL parameter while answering the table", () => {
    // One line per request at least: the log was read, not empty.
    const requests = logCapture.lines().filter((line) => line.msg === "request");
    expect(requests.length).toBeGreaterThanOrEqual(cases.length + pageCases.length);
    const log = `${logged.join("\n")}\n${logCapture.text()}`;
    expect(log).not.toContain(secretPassword);
    expect(log).not.toContain("$argon2");
    expect(log).not.toContain(tokens.user.access);
    expect(log).not.toContain(tokens.user.refresh);
    expect(log).not.toContain(tokens.admin.access);
    expect(log).not.toMatch(/params:/i);
    expect(log).not.toMatch(/\b(insert into|select .* from|update .* set|delete from)\b/i);
    expect(log).not.toContain(userEmail);
    expect(log).not.toContain("Nováková");
    expect(log).not.toContain("spam@example.com");
  });
});
