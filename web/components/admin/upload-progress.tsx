import { X } from "lucide-react";
import { formatSize } from "~/components/admin/material-texts";
import type { UploadInProgress } from "~/components/admin/material-upload";
import { Button } from "~/components/ui/button";

/** The upload under way: its file, a progress bar and a button that stops it. */
export function UploadProgress({ upload }: { upload: UploadInProgress }) {
  const percent = upload.total > 0 ? Math.floor((upload.sent / upload.total) * 100) : 0;
  return (
    <div
      role="status"
      aria-live="polite"
      className="rounded-[2rem] bg-sage-light/70 p-5 ring-1 ring-moss/30 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="min-w-0 font-semibold break-all text-bark">Nahrávám „{upload.fileName}“</p>
        <Button variant="secondary" onClick={() => upload.handle.abort()}>
          <X aria-hidden="true" className="size-5" />
          Zrušit
        </Button>
      </div>
      <progress
        aria-label="Průběh nahrávání"
        max={100}
        value={percent}
        className="mt-4 h-3 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-moss [&::-webkit-progress-bar]:bg-cream [&::-webkit-progress-value]:bg-moss"
      />
      <p className="mt-2 text-bark-soft">
        {percent} % · {formatSize(upload.sent)} z {formatSize(upload.total)}. Stránku prosím
        nezavírejte, dokud nahrávání neskončí.
      </p>
    </div>
  );
}
