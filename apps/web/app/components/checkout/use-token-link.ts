import { MESSAGES } from "@store/shared";
import { useEffect, useState, type Dispatch, type SetStateAction } from "react";
import { api } from "../../lib/api";
import { problemsFromApi } from "../account/form-problems";

/**
 * What a tokened link's page shows (a failed delivery's answer, an address check, pay now): read once in the
 * browser with the link's token and no sign-in. Answers the view (settable, as answering changes it) and why it
 * could not be read. A cancelled read (unmount, new link) leaves both alone.
 */
export function useTokenLink<T>(
  path: string,
  token: string,
): [T | null, Dispatch<SetStateAction<T | null>>, string | null] {
  const [link, setLink] = useState<T | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    api.get<T>(path, { token }, { signal: controller.signal, auth: false }).then(setLink, (failure: unknown) => {
      if (!controller.signal.aborted)
        setLoadError(problemsFromApi(failure, [], MESSAGES.unexpectedError).form ?? MESSAGES.unexpectedError);
    });
    return () => controller.abort();
  }, [path, token]);
  return [link, setLink, loadError];
}
