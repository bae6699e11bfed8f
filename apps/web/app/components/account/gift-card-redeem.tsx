import type { GiftCardRedeemed } from "@store/shared";
import { useState, type FormEvent } from "react";
import { ApiError, api } from "../../lib/api";
import { Button } from "../ui/button";

/**
 * Adding a gift card's code to store credit (issue 42): the server's answer is shown as it is (a wrong code,
 * a card already used, too many tries), and the balance above is read again on success.
 */
export function GiftCardRedeem({ onRedeemed }: { onRedeemed: () => void }) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const code = String(new FormData(form).get("code") ?? "").trim();
    if (!code) return setResult({ ok: false, text: "Enter the gift card's code." });
    setBusy(true);
    try {
      const redeemed = await api.post<GiftCardRedeemed>("/api/gift-cards/redeem", { code });
      setResult({ ok: true, text: redeemed.message });
      form.reset();
      onRedeemed();
    } catch (error) {
      const text =
        error instanceof ApiError ? error.message : "The code could not be checked just now. Please try again.";
      setResult({ ok: false, text });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Add a gift card" className="mt-6 border-t border-linen pt-5">
      <h3 className="font-semibold text-charcoal">Add a gift card</h3>
      <label htmlFor="gift-card-code" className="mt-1 block text-sm text-charcoal/80">
        Gift card code (from the e-mail)
      </label>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <input
          id="gift-card-code"
          name="code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="XXXX-XXXX-XXXX-XXXX-XXXX"
          aria-describedby={result ? "gift-card-result" : undefined}
          className="w-full min-w-0 rounded-xl border border-charcoal/25 bg-cream/40 px-4 py-3 font-mono text-base uppercase sm:max-w-md"
        />
        <Button type="submit" disabled={busy}>
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
    </form>
  );
}
