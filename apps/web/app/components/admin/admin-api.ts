import type { ErrorBody } from "@store/shared";
import { api, ApiError, STORAGE_KEYS } from "../../lib/api";
import { browserStorage } from "../../lib/storage";

export type AdminQuery = Record<string, string | number | boolean | undefined | null>;

/** The back office's calls to `/api/admin/*`, all with the stored token (lib/api adds it). */
export const adminApi = {
  get: <T>(path: string, query?: AdminQuery, signal?: AbortSignal) => api.get<T>(path, query, { signal }),
  post: <T>(path: string, body: unknown = {}) => api.post<T>(path, body),
  patch: <T>(path: string, body: unknown) => api.patch<T>(path, body),
  put: <T>(path: string, body: unknown) => api.put<T>(path, body),
  remove: (path: string) => api.delete(path),

  /** A file answer (the orders CSV). A plain link cannot send the token header, so it is fetched here. */
  async download(path: string, query: Record<string, string>): Promise<{ blob: Blob; filename: string }> {
    const token = browserStorage.get(STORAGE_KEYS.token);
    const search = new URLSearchParams(query).toString();
    const response = await fetch(search ? `${path}?${search}` : path, {
      headers: token ? { Authorization: `Token ${token}` } : {},
    });
    if (!response.ok) {
      const body = (await response.json().catch(() => undefined)) as ErrorBody | undefined;
      throw new ApiError(response.status, body?.message ?? `Request failed with status ${response.status}`, body);
    }
    const filename = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "download";
    return { blob: await response.blob(), filename };
  },
};

/** Hands a fetched file to the browser's download, then lets the memory go. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: some browsers start reading the blob only after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
