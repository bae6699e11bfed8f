import { MESSAGES, type CartResponse, type RestoreCartRequest } from "@store/shared";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { api, STORAGE_KEYS } from "../../lib/api";
import { useCart } from "../../lib/cart";
import { browserStorage } from "../../lib/storage";
import { FormMessage } from "../account/auth-card";
import { problemsFromApi } from "../account/form-problems";
import { ButtonLink } from "../ui/button";

/**
 * Restores the reminded pieces into this browser's cart (the signed-in shopper's, the stored guest cart, or a
 * new one) once the page is hydrated, then shows the cart. The server copies, never doubles: opening the link
 * again is harmless. A forged or expired link gets the server's sentence.
 */
export function CartRestore({ reminder, signature }: { reminder: string; signature: string }) {
  const navigate = useNavigate();
  const { refresh } = useCart();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const complete = /^\d+$/.test(reminder) && signature !== "";

  useEffect(() => {
    if (!complete || started.current) return;
    started.current = true;
    const body: RestoreCartRequest = {
      reminder: Number(reminder),
      signature,
      cart_id: browserStorage.get(STORAGE_KEYS.cartId),
    };
    api
      .post<CartResponse>("/api/cart/restore/", body)
      .then(async (cart) => {
        if (cart.cart_id) browserStorage.set(STORAGE_KEYS.cartId, cart.cart_id);
        await refresh().catch(() => null);
        await navigate("/cart", { replace: true });
      })
      .catch((failure: unknown) =>
        setError(problemsFromApi(failure, [], MESSAGES.unexpectedError).form ?? MESSAGES.unexpectedError),
      );
  }, [complete, reminder, signature, refresh, navigate]);

  if (!complete)
    return <FormMessage tone="error">This link is incomplete. Please open the link from our e-mail again.</FormMessage>;
  if (!error) return <p className="text-charcoal/80">Restoring your cart...</p>;
  return (
    <div className="space-y-5">
      <FormMessage tone="error">{error}</FormMessage>
      <ButtonLink to="/" size="xl" className="w-full">
        Continue shopping
      </ButtonLink>
    </div>
  );
}
