import type { PublicUser } from "@store/shared";
import { useEffect, useEffectEvent } from "react";
import { api, isApiError } from "../../lib/api";
import { useSession } from "../../lib/session";

/** Calls `onUser` with the signed-in shopper's details (GET /api/me/), when a token is stored. */
export function useSignedInUser(onUser: (user: PublicUser) => void): void {
  const { ready, token } = useSession();
  const found = useEffectEvent(onUser);
  useEffect(() => {
    if (!ready || !token) return;
    const controller = new AbortController();
    api.get<{ user: PublicUser }>("/api/me/", undefined, { signal: controller.signal }).then(
      (answer) => found(answer.user),
      (error: unknown) => {
        // Only a convenience: the shopper types the details instead. A refused token is the cart's to report.
        if (!controller.signal.aborted && !isApiError(error, 401)) console.error("Shopper details failed", error);
      },
    );
    return () => controller.abort();
  }, [ready, token]);
}
