import { useCallback, useEffect, useRef, useState } from "react";
import { adminApi, type AdminQuery } from "./admin-api";
import { useAdminAccess } from "./admin-access";
import { failureOf, type Failure } from "./failures";

export type AdminResource<T> = {
  /** The last data read; kept while a new page or filter loads, so the screen does not jump. */
  data: T | null;
  loading: boolean;
  /** The server's message when the read failed. */
  error: string | null;
  reload: () => void;
  /** Puts an answer the server already gave (a PATCH's result) in place of the data, without a new read. */
  replace: (data: T) => void;
};

/**
 * One `/api/admin/*` read, in the browser with the stored token. A 401 or 403 goes to the access gate
 * (sign-in form or refusal) instead of this screen's error text. A new path or query refetches.
 */
export function useAdminResource<T>(path: string, query?: AdminQuery): AdminResource<T> {
  const { refuse } = useAdminAccess();
  const [state, setState] = useState<{ data: T | null; loading: boolean; error: string | null }>({
    data: null,
    loading: true,
    error: null,
  });
  const [version, setVersion] = useState(0);
  // The query as a string, so a new object with the same values does not refetch.
  const key = JSON.stringify(query ?? {});

  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true, error: null }));
    adminApi.get<T>(path, JSON.parse(key) as AdminQuery, controller.signal).then(
      (data) => setState({ data, loading: false, error: null }),
      (error: unknown) => {
        if (controller.signal.aborted || refuse(error)) return;
        setState((s) => ({ ...s, loading: false, error: failureOf(error).message }));
      },
    );
    return () => controller.abort();
  }, [path, key, version, refuse]);

  const reload = useCallback(() => setVersion((n) => n + 1), []);
  const replace = useCallback((data: T) => setState({ data, loading: false, error: null }), []);
  return { ...state, reload, replace };
}

export type AdminAction = {
  busy: boolean;
  failure: Failure | null;
  setFailure: (failure: Failure | null) => void;
  /** Runs a change; its answer, or undefined when it failed (the failure is then in `failure`). */
  run: <R>(change: () => Promise<R>) => Promise<R | undefined>;
};

/** A change made from a screen: one at a time, its failure kept for the form, 401/403 sent to the gate. */
export function useAdminAction(): AdminAction {
  const { refuse } = useAdminAccess();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const inFlight = useRef(false);

  const run = useCallback(
    async <R>(change: () => Promise<R>): Promise<R | undefined> => {
      if (inFlight.current) return undefined;
      inFlight.current = true;
      setBusy(true);
      setFailure(null);
      try {
        return await change();
      } catch (error) {
        if (!refuse(error)) setFailure(failureOf(error));
        return undefined;
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
    },
    [refuse],
  );

  return { busy, failure, setFailure, run };
}
