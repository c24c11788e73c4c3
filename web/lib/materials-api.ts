/** The browser side of the materials' administration API (called with the administrator's access token). */
import type {
  AdminMaterial,
  AdminMaterialsJson,
  MaterialChange,
  MaterialPlace,
  NewMaterial,
} from "#shared/materials";
import { AdminApiError } from "~/lib/admin-api";

const authorized = (accessToken: string, json = false): HeadersInit => ({
  Authorization: `Bearer ${accessToken}`,
  ...(json && { "Content-Type": "application/json" }),
});

async function readJson<T>(response: Response): Promise<T> {
  if (response.ok) return (response.status === 204 ? undefined : await response.json()) as T;
  const body = (await response.json().catch(() => null)) as {
    error?: { code?: string; message?: string };
  } | null;
  throw new AdminApiError(
    response.status,
    body?.error?.code,
    body?.error?.message ?? "Něco se nepovedlo. Zkuste to prosím znovu.",
  );
}

export async function fetchMaterials(accessToken: string): Promise<AdminMaterialsJson> {
  return readJson(await fetch("/api/admin/materials", { headers: authorized(accessToken) }));
}

export async function createMaterial(
  accessToken: string,
  material: Partial<NewMaterial>,
): Promise<AdminMaterial> {
  const response = await fetch("/api/admin/materials", {
    method: "POST",
    headers: authorized(accessToken, true),
    body: JSON.stringify(material),
  });
  return (await readJson<{ material: AdminMaterial }>(response)).material;
}

export async function changeMaterial(
  accessToken: string,
  id: string,
  change: MaterialChange,
): Promise<AdminMaterial> {
  const response = await fetch(`/api/admin/materials/${encodeURIComponent(id)}`, {
    method: "PATCH",
    headers: authorized(accessToken, true),
    body: JSON.stringify(change),
  });
  return (await readJson<{ material: AdminMaterial }>(response)).material;
}

export async function deleteMaterial(accessToken: string, id: string): Promise<void> {
  await readJson(
    await fetch(`/api/admin/materials/${encodeURIComponent(id)}`, {
      method: "DELETE",
      headers: authorized(accessToken),
    }),
  );
}

export async function orderMaterials(
  accessToken: string,
  place: MaterialPlace,
  ids: string[],
): Promise<void> {
  await readJson(
    await fetch("/api/admin/material-order", {
      method: "PUT",
      headers: authorized(accessToken, true),
      body: JSON.stringify({ place, ids }),
    }),
  );
}

export async function revokeGiftLink(accessToken: string, link: string): Promise<void> {
  await readJson(
    await fetch("/api/admin/gift-links/revoke", {
      method: "POST",
      headers: authorized(accessToken, true),
      body: JSON.stringify({ link }),
    }),
  );
}

export type UploadHandle = { done: Promise<AdminMaterial>; abort: () => void };

/**
 * Uploads a file as the material's file with XMLHttpRequest, whose upload
 * reports progress (fetch cannot): `onProgress` gets the bytes sent so far.
 */
export function uploadMaterialFile(
  accessToken: string,
  id: string,
  file: File,
  onProgress: (sent: number, total: number) => void,
): UploadHandle {
  const request = new XMLHttpRequest();
  const done = new Promise<AdminMaterial>((resolve, reject) => {
    request.open("PUT", `/api/admin/materials/${encodeURIComponent(id)}/file`);
    request.setRequestHeader("Authorization", `Bearer ${accessToken}`);
    request.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    request.setRequestHeader("X-File-Name", encodeURIComponent(file.name));
    request.responseType = "json";
    request.upload.onprogress = (event) => onProgress(event.loaded, event.total || file.size);
    request.onload = () => {
      const body = request.response as {
        material?: AdminMaterial;
        error?: { code?: string; message?: string };
      } | null;
      if (request.status === 200 && body?.material) resolve(body.material);
      else
        reject(
          new AdminApiError(
            request.status,
            body?.error?.code,
            body?.error?.message ?? uploadFailed,
          ),
        );
    };
    request.onerror = () => reject(new AdminApiError(0, "network", uploadFailed));
    request.onabort = () => reject(new AdminApiError(0, "aborted", "Nahrávání je zrušené."));
    request.send(file);
  });
  return { done, abort: () => request.abort() };
}

const uploadFailed = "Nahrávání se přerušilo. Zkontrolujte prosím připojení a zkuste to znovu.";
