/**
 * The browser side of the members' API, called with the signed-in account's
 * access token. Only the members' area (a part of `/clenska-sekce` that loads
 * on use) imports it.
 */
import type {
  AccessRequestJson,
  MemberAccessJson,
  MemberMaterialJson,
  MemberMaterialsJson,
} from "#shared/member-access";

/** A refusal: not signed in (401, the session ended) or not a member (403). */
export class MembersApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(`The members' API answered ${status} ${code}`);
  }
}

function authorized(accessToken: string): HeadersInit {
  return { Authorization: `Bearer ${accessToken}` };
}

async function refusal(response: Response): Promise<never> {
  const body = (await response.json().catch(() => null)) as { error?: { code?: string } } | null;
  if (response.status === 401 || response.status === 403) {
    throw new MembersApiError(response.status, body?.error?.code ?? "refused");
  }
  throw new Error(`The members' API answered ${response.status}`);
}

/** Whether the account may see the materials, and when it last asked for access. */
export async function fetchMemberAccess(accessToken: string): Promise<MemberAccessJson> {
  const response = await fetch("/api/members/access", { headers: authorized(accessToken) });
  if (!response.ok) return refusal(response);
  return (await response.json()) as MemberAccessJson;
}

/** Asks the owner for access; she is told at most once a day (`sent` says whether this time). */
export async function requestMemberAccess(accessToken: string): Promise<AccessRequestJson> {
  const response = await fetch("/api/members/access-requests", {
    method: "POST",
    headers: authorized(accessToken),
  });
  if (response.status === 409) {
    // Already a member (given meanwhile): the page shows the materials.
    throw new MembersApiError(409, "already_member");
  }
  if (!response.ok) return refusal(response);
  return (await response.json()) as AccessRequestJson;
}

/**
 * The members' materials, or "preparing" while the server has no materials
 * route yet (404): the page then says they are being prepared.
 */
export async function fetchMemberMaterials(
  accessToken: string,
): Promise<MemberMaterialJson[] | "preparing"> {
  const response = await fetch("/api/members/materials", { headers: authorized(accessToken) });
  if (response.status === 404) return "preparing";
  if (!response.ok) return refusal(response);
  return ((await response.json()) as MemberMaterialsJson).materials;
}
