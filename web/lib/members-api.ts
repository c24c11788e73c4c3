/**
 * The browser's calls of the members' API, typed from the server's own
 * routes (`MembersApp`) with `hono/client`, called with the signed-in
 * account's access token. Only the members' area (a part of `/clenska-sekce`
 * that loads on use) imports it.
 */
import { hc } from "hono/client";
import type { MembersApp } from "#server/members/members-app";
import type {
  AccessRequestJson,
  MemberAccessJson,
  MemberMaterialJson,
} from "#shared/member-access";
import { AdminApiError, readAnswer } from "~/lib/api-answer";

function membersApi(accessToken: string) {
  return hc<MembersApp>("/api", { headers: { Authorization: `Bearer ${accessToken}` } });
}

/** A refusal: not signed in (401, the session ended), not a member (403), already one (409). */
export class MembersApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(`The members' API answered ${status} ${code}`);
  }
}

/** The answer's JSON; a refusal as `MembersApiError`. */
async function readMembersAnswer<T>(answer: Parameters<typeof readAnswer<T>>[0]): Promise<T> {
  try {
    return await readAnswer(answer);
  } catch (error) {
    if (error instanceof AdminApiError && [401, 403, 409].includes(error.status)) {
      throw new MembersApiError(error.status, error.code ?? "refused");
    }
    throw error;
  }
}

/** Whether the account may see the materials, and when it last asked for access. */
export function fetchMemberAccess(accessToken: string): Promise<MemberAccessJson> {
  return readMembersAnswer(membersApi(accessToken).members.access.$get());
}

/**
 * Asks the owner for access; she is told at most once a day (`sent` says
 * whether this time). Already a member (given meanwhile): `MembersApiError`
 * 409, and the page shows the materials.
 */
export function requestMemberAccess(accessToken: string): Promise<AccessRequestJson> {
  return readMembersAnswer(membersApi(accessToken).members["access-requests"].$post());
}

/**
 * The members' materials, or "preparing" while the server has no materials
 * route yet (404): the page then says they are being prepared.
 */
export async function fetchMemberMaterials(
  accessToken: string,
): Promise<MemberMaterialJson[] | "preparing"> {
  const answer = membersApi(accessToken).members.materials.$get();
  if ((await answer).status === 404) return "preparing";
  return (await readMembersAnswer(answer)).materials;
}
