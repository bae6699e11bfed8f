import { formatMoney, toMajorUnits, toMinorUnits, type Currency, type StoreCreditView } from "@store/shared";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { api } from "../../lib/api";
import { GiftCardRedeem } from "../account/gift-card-redeem";

/**
 * The signed-in shopper's store credit in the order's currency (GET /api/store-credit/), in major units; 0 for
 * a guest, for whom nothing is asked. `reload` reads it again (after a refusal: another tab may have spent it).
 */
export function useCreditBalance(currency: Currency, signedIn: boolean): { balance: number; reload: () => void } {
  const [balance, setBalance] = useState(0);
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!signedIn) {
      setBalance(0);
      return;
    }
    const controller = new AbortController();
    api.get<StoreCreditView>("/api/store-credit/", undefined, { signal: controller.signal }).then(
      (view) => setBalance(view.balances.find((b) => b.currency === currency)?.amount ?? 0),
      (error: unknown) => {
        // A convenience: without it the shopper pays as usual.
        if (!controller.signal.aborted) console.error("Store credit failed", error);
      },
    );
    return () => controller.abort();
  }, [currency, signedIn, round]);
  return { balance, reload: () => setRound((n) => n + 1) };
}

/** What the credit pays of `total` and what is left, exact to the paisa (major units). */
export function creditSplit(balance: number, total: number): { credit: number; rest: number } {
  const credit = Math.min(toMinorUnits(balance), toMinorUnits(total));
  return { credit: toMajorUnits(credit), rest: toMajorUnits(toMinorUnits(total) - credit) };
}

/** "Use my store credit (₹X available)": shown only to a signed-in shopper holding some in this currency. */
export function StoreCreditChoice({
  balance,
  currency,
  checked,
  onChange,
  disabled,
}: {
  balance: number;
  currency: Currency;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled: boolean;
}) {
  if (balance <= 0) return null;
  return (
    <label className="mb-4 mt-6 flex items-start gap-3 rounded-xl bg-linen/60 px-4 py-3 text-charcoal">
      <input
        type="checkbox"
        name="use_store_credit"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-1 h-5 w-5 accent-indigo-ink"
      />
      <span>
        Use my store credit ({formatMoney(balance, currency)} available)
        <span className="block text-sm text-charcoal/80">It pays first; the rest by the method you choose.</span>
      </span>
    </label>
  );
}

/**
 * A gift card at checkout (issue 42): its code becomes the signed-in shopper's store credit at once, which the
 * choice above then offers. A card is always redeemed into an account (decision 089), so a guest is asked to
 * sign in first; the cart is kept.
 */
export function GiftCardAtCheckout({ signedIn, onRedeemed }: { signedIn: boolean; onRedeemed: () => void }) {
  if (!signedIn)
    return (
      <p className="mt-4 text-sm text-charcoal/80">
        Have a gift card?{" "}
        <Link to="/login?next=/cart" className="font-semibold text-madder underline underline-offset-4">
          Sign in
        </Link>{" "}
        to add it to your store credit and use it here.
      </p>
    );
  return (
    <details className="mt-4 rounded-xl border border-linen px-4 py-3">
      <summary className="cursor-pointer font-semibold text-charcoal">Have a gift card?</summary>
      <GiftCardRedeem heading={false} onRedeemed={onRedeemed} />
    </details>
  );
}
