import type { GiftCardRedeemed } from "@store/shared";
import { useState, type KeyboardEvent } from "react";
import { ApiError, api } from "../../lib/api";
import { Button } from "../ui/button";

/**
 * Adding a gift card's code to store credit (issue 42), on the account page and inside the checkout's form: a
 * group rather than a form of its own (forms do not nest), Enter adds the code instead of placing the order.
 * The server's answer is shown as it is (a wrong code, a card already used, too many tries); `onRedeemed`
 * reads the balance again.
 */
export function GiftCardRedeem({ onRedeemed, heading = true }: { onRedeemed: () => void; heading?: boolean }) {
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  async function redeem() {
    if (!code.trim()) return setResult({ ok: false, text: "Enter the gift card's code." });
    setBusy(true);
    try {
      const redeemed = await api.post<GiftCardRedeemed>("/api/gift-cards/redeem", { code: code.trim() });
      setResult({ ok: true, text: redeemed.message });
      setCode("");
      onRedeemed();
    } catch (error) {
      const text =
        error instanceof ApiError ? error.message : "The code could not be checked just now. Please try again.";
      setResult({ ok: false, text });
    } finally {
      setBusy(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "Enter") return;
    event.preventDefault();
    void redeem();
  }

  return (
    <div role="group" aria-label="Add a gift card" className={heading ? "mt-6 border-t border-linen pt-5" : ""}>
      {heading && <h3 className="font-semibold text-charcoal">Add a gift card</h3>}
      <label htmlFor="gift-card-code" className="mt-1 block text-sm text-charcoal/80">
        Gift card code (from the e-mail)
      </label>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <input
          id="gift-card-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          onKeyDown={onKeyDown}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="XXXX-XXXX-XXXX-XXXX-XXXX"
          aria-describedby={result ? "gift-card-result" : undefined}
          className="w-full min-w-0 rounded-xl border border-charcoal/25 bg-cream/40 px-4 py-3 font-mono text-base uppercase sm:max-w-md"
        />
        <Button type="button" disabled={busy} onClick={() => void redeem()}>
          {busy ? "Checking..." : "Add to store credit"}
        </Button>
      </div>
      {result && (
        <p
          id="gift-card-result"
          role={result.ok ? "status" : "alert"}
          className={`mt-2 text-sm font-medium ${result.ok ? "text-indigo-ink" : "text-madder"}`}
        >
          {result.text}
        </p>
      )}
    </div>
  );
}
