import type { PublicUser, TradeStatusResponse } from "@store/shared";
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

/**
 * Calls `onBuyer` with an approved trade buyer's GSTIN and business name (GET /api/trade/, decision 097), for
 * the checkout to prefill the B2B invoice's fields; nothing for anyone else.
 */
export function useTradeBuyer(onBuyer: (buyer: NonNullable<TradeStatusResponse["buyer"]>) => void): void {
  const { ready, token } = useSession();
  const found = useEffectEvent(onBuyer);
  useEffect(() => {
    if (!ready || !token) return;
    const controller = new AbortController();
    api.get<TradeStatusResponse>("/api/trade/", undefined, { signal: controller.signal }).then(
      (answer) => answer.buyer && found(answer.buyer),
      (error: unknown) => {
        // Only a convenience: the buyer types the GSTIN instead.
        if (!controller.signal.aborted && !isApiError(error, 401)) console.error("Trade account failed", error);
      },
    );
    return () => controller.abort();
  }, [ready, token]);
}
