import { formatMoney, shopperDateText, type StoreCreditView } from "@store/shared";
import { useEffect, useState } from "react";
import { api } from "../../lib/api";
import { Skeleton } from "../ui/skeleton";
import type { GiftCardRedeem as GiftCardRedeemForm } from "./gift-card-redeem";

/**
 * The account page's store credit (issue 42): the balance in each currency and every movement, newest first.
 * It never expires (the spec's return policy). A failed call says so here; the rest of the page stands.
 * `onSettled` tells the page when the section has its final height (balance or failure, and the gift card
 * form), so what follows it can appear without being pushed down (CLS 0, decision 110).
 */
export function StoreCreditSection({ onSettled }: { onSettled?: () => void }) {
  const [view, setView] = useState<StoreCreditView | null>(null);
  const [failed, setFailed] = useState(false);
  // Loaded after the page, as its own chunk: it would take the account page's first load over its budget
  // (bench/pages). Shown in the same render as the balance, so it never pushes the page down on its own.
  const [GiftCardRedeem, setGiftCardRedeem] = useState<typeof GiftCardRedeemForm | null>(null);
  // Bumped after a gift card is added, to read the balance and history again.
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    const form = import("./gift-card-redeem").then((m) => m.GiftCardRedeem);
    api.get<StoreCreditView>("/api/store-credit/", undefined, { signal: controller.signal }).then(
      async (loaded) => {
        const Form = await form.catch((error: unknown) => {
          console.error("Gift card form failed to load", error);
          return null;
        });
        if (controller.signal.aborted) return;
        setGiftCardRedeem(() => Form);
        setView(loaded);
      },
      (error) => {
        if (controller.signal.aborted) return;
        console.error("Store credit failed", error);
        setFailed(true);
      },
    );
    return () => controller.abort();
  }, [version]);

  useEffect(() => {
    if (view || failed) onSettled?.();
  }, [view, failed, onSettled]);

  const held = view?.balances.filter((b) => b.amount !== 0) ?? [];
  return (
    <section
      aria-labelledby="credit-heading"
      aria-busy={!view && !failed}
      className="mt-8 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-linen sm:p-8"
    >
      <h2 id="credit-heading" className="text-2xl font-semibold text-indigo-ink">
        Store credit
      </h2>
      {failed ? (
        <p role="alert" className="mt-4 text-madder">
          Your store credit could not be loaded just now. Please reload the page to try again.
        </p>
      ) : !view ? (
        <Skeleton className="mt-4 h-8 w-48" />
      ) : (
        <>
          <p className="mt-4 text-lg">
            Balance:{" "}
            <strong className="text-2xl tabular-nums text-charcoal">
              {held.length === 0
                ? formatMoney(0, "INR")
                : held.map((b) => formatMoney(b.amount, b.currency)).join(" and ")}
            </strong>
          </p>
          <p className="mt-1 text-sm text-charcoal/75">Store credit never expires.</p>
          {view.history.length > 0 && (
            <ul aria-label="Store credit history" className="mt-4 divide-y divide-linen">
              {view.history.map((entry) => (
                <li key={entry.id} className="flex flex-wrap items-baseline justify-between gap-2 py-3">
                  <span>
                    <span className="block font-medium text-charcoal">{entry.label}</span>
                    <span className="block text-sm text-charcoal/75">
                      {shopperDateText(entry.created_at, "Asia/Kolkata")}
                      {entry.reason && ` · ${entry.reason}`}
                    </span>
                  </span>
                  <span
                    className={`tabular-nums font-semibold ${entry.amount < 0 ? "text-charcoal" : "text-indigo-ink"}`}
                  >
                    {entry.amount > 0 ? "+" : ""}
                    {formatMoney(entry.amount, entry.currency)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {GiftCardRedeem && <GiftCardRedeem onRedeemed={() => setVersion((v) => v + 1)} />}
    </section>
  );
}
