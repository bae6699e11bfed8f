import { MESSAGES } from "@store/shared";
import { useState } from "react";
import type { AppliedPromo, PromoRefusal } from "./use-promo";

/** The spec's promo code box: a code, Apply, then the server's success message or 'Promo code not applied'. */
export function PromoBox({ applied, refusal, pending, onApply, onRemove }: {
  applied: AppliedPromo | null;
  refusal: PromoRefusal | null;
  pending: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
}) {
  const [code, setCode] = useState("");
  const trimmed = code.trim();

  if (applied) {
    return (
      <div role="status" className="rounded-xl border border-sage/40 bg-sage/10 px-4 py-3 text-sm">
        <p className="flex items-center justify-between gap-3">
          <span className="font-semibold tracking-wide text-charcoal">{applied.code}</span>
          <button type="button" onClick={onRemove} className="font-medium text-madder underline-offset-4 hover:underline">
            Remove<span className="sr-only"> promo code {applied.code}</span>
          </button>
        </p>
        <p className="mt-1 text-charcoal/85">{applied.message}</p>
      </div>
    );
  }

  return (
    <form
      aria-label="Promo code"
      onSubmit={(event) => {
        event.preventDefault();
        if (trimmed) onApply(trimmed);
      }}
    >
      <label htmlFor="promo-code" className="text-sm font-semibold text-charcoal">Promo code</label>
      <div className="mt-2 flex gap-2">
        <input
          id="promo-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          aria-describedby={refusal ? "promo-refusal" : undefined}
          aria-invalid={refusal ? true : undefined}
          className="min-w-0 flex-1 rounded-full border border-charcoal/25 bg-cream/40 px-4 py-2 uppercase placeholder:normal-case focus:border-indigo-ink focus:bg-white"
          placeholder="e.g. WELCOME10"
        />
        <button type="submit" disabled={!trimmed || pending} aria-busy={pending} className="rounded-full border-2 border-indigo-ink px-5 py-2 text-sm font-semibold text-indigo-ink transition hover:bg-indigo-ink hover:text-white disabled:cursor-not-allowed disabled:opacity-50">
          {pending ? "Checking..." : "Apply"}
        </button>
      </div>
      <div id="promo-refusal" aria-live="polite" className="mt-2 text-sm">
        {refusal && (
          <>
            <p className="font-semibold text-madder">{MESSAGES.promoNotApplied}</p>
            {refusal.reason && <p className="mt-0.5 text-charcoal/85">{refusal.reason}</p>}
          </>
        )}
      </div>
    </form>
  );
}
