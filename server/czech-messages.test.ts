/**
 * What the API answers in Czech is read by a person (the screens show it as it comes): no code
 * words in it – no field names (`challenge_id`, `full_name`), no „JSON“, no role keys. The codes
 * beside the messages stay for programs.
 */
import { describe, expect, it } from "vitest";
import { authMessages } from "#shared/auth-schemas";
import { contentAdminMessages } from "#shared/content/content-admin";
import { messages as formMessages } from "#shared/form-schemas";
import { materialMessages } from "#shared/materials";
import { memberAccessMessages } from "#shared/member-access";
import { letterMessages } from "#shared/newsletter-letters";
import { userAdminMessages } from "#shared/user-admin";
import { authErrors } from "./auth/auth-errors";
import { jsonMessages } from "./json-route";

const { notJson: _forProgrammers, ...jsonMessagesForPeople } = jsonMessages;
// The one message that names commands: it is for whoever runs the server, to be passed on.
const { predatesConfirmation: _forTheServer, ...userAdminMessagesForPeople } = userAdminMessages;

const all: [string, string][] = [
  ...Object.entries(authMessages),
  ...Object.entries(authErrors).map(([code, [, message]]): [string, string] => [code, message]),
  ...Object.entries(userAdminMessagesForPeople),
  ...Object.entries(memberAccessMessages),
  ...Object.entries(materialMessages),
  ...Object.entries(contentAdminMessages),
  ...Object.entries(formMessages),
  ...Object.entries(jsonMessagesForPeople),
  ...Object.entries(letterMessages),
];

describe("the API's Czech messages", () => {
  it.each(all)("%s: no code words", (_code, message) => {
    expect(message).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
    expect(message).not.toMatch(/JSON|\(type:|factor_type|challenge_id|full_name/);
    expect(message).not.toMatch(/\b(admin|member|totp|token|global|local|others)\b/);
  });
});
