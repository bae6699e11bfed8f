import { useEffect, useState } from "react";
import { api } from "./api";

type Query = Parameters<typeof api.get>[1];

export type ApiState<T> = { status: "loading" } | { status: "success"; data: T } | { status: "error"; error: unknown };

/**
 * A secondary section's data, fetched in the browser from the public API after hydration (rendering policy:
 * the server sends the page without it). `enabled` lets a section wait until it is near the viewport.
 */
export function useApiGet<T>(path: string, query?: Query, enabled = true): ApiState<T> {
  const [state, setState] = useState<ApiState<T>>({ status: "loading" });
  // The query as a string, so a new object with the same values does not refetch.
  const key = JSON.stringify(query ?? {});
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    setState({ status: "loading" });
    // A cancelled call (new query, unmount) is superseded: whatever it settles with is not this section's state.
    api.get<T>(path, JSON.parse(key) as Query, { signal: controller.signal }).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: "success", data });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: "error", error });
      },
    );
    return () => controller.abort();
  }, [path, key, enabled]);
  return state;
}
