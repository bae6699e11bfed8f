import { isMediaUrl, UPLOAD_MAX_BYTES, UPLOAD_TYPES, type UploadResponse } from "@store/shared";
import { useRef } from "react";
import { adminApi } from "./admin-api";
import { described, FieldShell } from "./form-controls";
import { BUTTON_SECONDARY, CONTROL } from "./styles";
import { useAdminAction } from "./use-admin-resource";
import { readAsDataUrl } from "../../lib/data-url";

export const MEDIA_HINT = "Give an https:// address, or upload a JPEG, PNG, WebP, GIF or AVIF image (5 MB at most)";

/**
 * An image slot: an address typed in, or a file uploaded (sent as a data URL to the admin API, which
 * stores it resized under /media/uploads and answers its address), with a thumbnail of what is set.
 */
export function MediaField({
  id,
  label,
  value,
  onChange,
  error,
  required,
  hint,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  hint?: string;
}) {
  const upload = useAdminAction();
  const fileInput = useRef<HTMLInputElement>(null);
  const uploadError = upload.failure && (upload.failure.fields.data_url ?? upload.failure.message);
  const shownError = uploadError ?? error;

  async function send(file: File) {
    // Checked here too, so a wrong file is refused before megabytes of it are encoded and sent.
    if (!(UPLOAD_TYPES as readonly string[]).includes(file.type)) {
      upload.setFailure({ message: "Upload a JPEG, PNG, WebP, GIF or AVIF image", fields: {} });
      return;
    }
    if (file.size > UPLOAD_MAX_BYTES) {
      upload.setFailure({ message: "The image is larger than 5 MB", fields: {} });
      return;
    }
    const stored = await upload.run(async () =>
      adminApi.post<UploadResponse>("/api/admin/uploads", { data_url: await readAsDataUrl(file) }),
    );
    if (stored) onChange(stored.url);
  }

  return (
    <FieldShell id={id} label={label} error={shownError ?? undefined} hint={hint} required={required}>
      <div className="mt-1 flex items-center gap-3">
        <span className="flex h-14 w-14 flex-none items-center justify-center overflow-hidden rounded-lg bg-linen text-[10px] text-charcoal/70">
          {value && isMediaUrl(value) ? (
            <img src={value} alt={`${label} preview`} className="h-full w-full object-cover" />
          ) : (
            "No image"
          )}
        </span>
        <input
          id={id}
          type="url"
          inputMode="url"
          value={value}
          placeholder="https://... or upload"
          autoComplete="off"
          aria-required={required || undefined}
          {...described(id, shownError ?? undefined, hint)}
          onChange={(event) => {
            upload.setFailure(null);
            onChange(event.target.value);
          }}
          className={`${CONTROL} mt-0 min-w-0 flex-1 ${shownError ? "border-madder" : "border-charcoal/30"}`}
        />
        <button
          type="button"
          className={`${BUTTON_SECONDARY} flex-none`}
          aria-label={`${upload.busy ? "Uploading" : "Upload"} ${label.toLowerCase()}`}
          disabled={upload.busy}
          onClick={() => fileInput.current?.click()}
        >
          {upload.busy ? "Uploading..." : "Upload"}
        </button>
        <input
          ref={fileInput}
          type="file"
          hidden
          accept={UPLOAD_TYPES.join(",")}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared, so choosing the same file again uploads it again.
            event.target.value = "";
            if (file) void send(file);
          }}
        />
      </div>
    </FieldShell>
  );
}
