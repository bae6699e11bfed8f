import { MESSAGES } from "@store/shared";
import { useState } from "react";
import type { AppliedPromo, PromoRefusal } from "./use-promo";
import { Button } from "../ui/button";

/** The spec's promo code box: a code, Apply, then the server's success message or 'Promo code not applied'. */
export function PromoBox({
  applied,
  refusal,
  pending,
  onApply,
  onRemove,
}: {
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
          <Button variant="link" onClick={onRemove}>
            Remove<span className="sr-only"> promo code {applied.code}</span>
          </Button>
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
      <label htmlFor="promo-code" className="text-sm font-semibold text-charcoal">
        Promo code
      </label>
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
        <Button type="submit" variant="secondary" size="sm" disabled={!trimmed || pending} aria-busy={pending}>
          {pending ? "Checking..." : "Apply"}
        </Button>
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
