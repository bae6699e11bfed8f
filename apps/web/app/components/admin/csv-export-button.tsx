import { adminApi, saveBlob } from "./admin-api";
import { BUTTON_SECONDARY } from "./styles";
import { useAdminAction } from "./use-admin-resource";

/**
 * Downloads a CSV (`path`, e.g. the orders list or the sales report) with the screen's filters. A plain link cannot send the token header, so the
 * file is fetched with it and handed to the browser as a blob. Where a screen has several files (the tax figures'
 * sections and their ZIP), `label` names another kind of file and `what` tells screen readers which one it is
 * (a short visible label keeps a phone's row from overflowing).
 */
export function CsvExportButton({
  path,
  filters,
  label = "Export CSV",
  what,
}: {
  path: string;
  filters: Record<string, string>;
  label?: string;
  what?: string;
}) {
  const action = useAdminAction();
  async function download() {
    const applied = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ""));
    const file = await action.run(() => adminApi.download(path, applied));
    if (file) saveBlob(file.blob, file.filename);
  }
  return (
    <div className="flex flex-col items-end gap-1">
      <button type="button" className={BUTTON_SECONDARY} disabled={action.busy} onClick={() => void download()}>
        {action.busy ? (
          "Preparing..."
        ) : (
          <>
            {label}
            {what && <span className="sr-only"> ({what})</span>}
          </>
        )}
      </button>
      {action.failure && (
        <p role="alert" className="text-sm text-madder">
          {action.failure.message}
        </p>
      )}
    </div>
  );
}
