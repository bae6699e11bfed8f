import type { CartResponse, ValidatePromoRequest, ValidatePromoResponse } from "@store/shared";
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { api, ApiError } from "../../lib/api";
import { useSession } from "../../lib/session";

export type AppliedPromo = { code: string; discount: number; message: string };
/** 'Promo code not applied', with the server's reason when it gave one. */
export type PromoRefusal = { code: string; reason: string | null };

/**
 * The spec's promo box: POST /api/validate-promo-code/ with the cart, applied only when the answer has an
 * amount and a message. A change of the cart (quantity, lines, currency) checks the applied code again,
 * since its discount was computed on the old cart.
 */
export function usePromo(cart: CartResponse) {
  const { expire } = useSession();
  const [applied, setApplied] = useState<AppliedPromo | null>(null);
  const [refusal, setRefusal] = useState<PromoRefusal | null>(null);
  const [pending, setPending] = useState(false);
  // Only the latest check counts: an earlier, slower answer must not overwrite it.
  const latest = useRef(0);

  async function apply(code: string) {
    const request = ++latest.current;
    setPending(true);
    const body: ValidatePromoRequest = {
      amount: cart.subtotal,
      promo_code: code,
      no_of_products: cart.count,
      cart_id: cart.cart_id,
      currency: cart.currency,
    };
    const outcome = await api.post<ValidatePromoResponse>("/api/validate-promo-code/", body).then(
      (answer) => ({ answer }),
      (error: unknown) => ({ error }),
    );
    if (request !== latest.current) return;
    setPending(false);
    if ("answer" in outcome && outcome.answer.amount > 0 && outcome.answer.message) {
      const { answer } = outcome;
      setApplied({ code: answer.promo_code, discount: answer.amount, message: answer.message });
      setRefusal(null);
      return;
    }
    setApplied(null);
    setRefusal({ code, reason: "answer" in outcome ? outcome.answer.message || null : refusalReason(outcome.error) });
    if ("error" in outcome && outcome.error instanceof ApiError && outcome.error.status === 401)
      expire(outcome.error.message);
  }

  const recheck = useEffectEvent(() => {
    if (applied) void apply(applied.code);
  });
  const cartKey = `${cart.cart_id}|${cart.currency}|${cart.subtotal}|${cart.count}`;
  const checkedFor = useRef(cartKey);
  useEffect(() => {
    if (checkedFor.current === cartKey) return;
    checkedFor.current = cartKey;
    recheck();
  }, [cartKey]);

  function removePromo() {
    latest.current++;
    setApplied(null);
    setRefusal(null);
    setPending(false);
  }

  return { applied, refusal, pending, apply, removePromo };
}

/** A refusal (422) or a bad request carries the server's sentence; a network failure has none and is logged. */
function refusalReason(error: unknown): string | null {
  if (error instanceof ApiError && error.body?.message) return error.body.message;
  console.error("Promo code check failed", error);
  return null;
}
