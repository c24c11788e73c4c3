/**
 * The upload of a material's file with its progress, one at a time: the file
 * is checked first, its bytes sent with `uploadMaterialFile`, and the list
 * reloaded whatever happened.
 */
import { useState } from "react";
import { toast } from "sonner";
import { type AdminMaterial, acceptedFileTypes, fileProblem } from "#shared/materials";
import {
  AdminApiError,
  currentAccessToken,
  type UploadHandle,
  uploadMaterialFile,
} from "~/lib/admin-api";

/** What the file pickers offer: the types the server accepts. */
export const accept = Object.keys(acceptedFileTypes).join(",");

export type UploadInProgress = {
  materialId: string;
  fileName: string;
  sent: number;
  total: number;
  handle: UploadHandle;
};

/** Sends a file as the material's (the first or a replacement); false when it was refused or failed. */
export type SendFile = (material: Pick<AdminMaterial, "id">, file: File) => Promise<boolean>;

export function useMaterialUpload(reload: () => Promise<void>): {
  upload: UploadInProgress | null;
  sendFile: SendFile;
} {
  const [upload, setUpload] = useState<UploadInProgress | null>(null);

  async function sendFile(material: Pick<AdminMaterial, "id">, file: File) {
    const problem = fileProblem(file);
    if (problem) {
      toast.error(problem);
      return false;
    }
    const handle = uploadMaterialFile(
      await currentAccessToken(),
      material.id,
      file,
      (sent, total) => setUpload((current) => (current ? { ...current, sent, total } : current)),
    );
    setUpload({ materialId: material.id, fileName: file.name, sent: 0, total: file.size, handle });
    try {
      await handle.done;
      toast.success(`Soubor „${file.name}“ je nahraný.`);
      return true;
    } catch (error) {
      toast.error(
        error instanceof AdminApiError
          ? error.message
          : "Nahrávání se nepovedlo. Zkuste to prosím znovu.",
      );
      return false;
    } finally {
      setUpload(null);
      await reload().catch(() => {});
    }
  }

  return { upload, sendFile };
}
