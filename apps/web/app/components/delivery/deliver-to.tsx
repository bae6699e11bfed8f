import type { Currency } from "@store/shared";
import { useEffect, useId, useState } from "react";
import { fetchPromise, rememberedPin, rememberPin, SIX_DIGITS } from "../../lib/delivery-pin";

type Shown =
  | { kind: "idle" }
  | { kind: "loading" }
  | { kind: "promise"; text: string; ok: boolean }
  | { kind: "problem"; text: string };

/**
 * "Deliver to 302022: by Thu 3 Dec, cash on delivery available" under the buying area. The page is
 * rendered without it (the promise is fetched in the browser after hydration, never awaited by the
 * server); the PIN code is remembered in this browser for the next visit.
 */
export function DeliverTo({ currency }: { currency: Currency }) {
  const id = useId();
  const [pin, setPin] = useState("");
  const [shown, setShown] = useState<Shown>({ kind: "idle" });
  const [asked, setAsked] = useState("");

  useEffect(() => {
    const remembered = rememberedPin();
    if (remembered) {
      setPin(remembered);
      setAsked(remembered);
    }
  }, []);

  useEffect(() => {
    if (!asked) return;
    const controller = new AbortController();
    setShown({ kind: "loading" });
    fetchPromise(asked, currency, controller.signal).then((answer) => {
      if (controller.signal.aborted) return;
      if (answer.ok) {
        setShown({ kind: "promise", text: answer.promise.text, ok: answer.promise.serviceable });
        rememberPin(asked);
      } else setShown({ kind: "problem", text: answer.message ?? "We could not check this PIN code just now." });
    });
    return () => controller.abort();
  }, [asked, currency]);

  function check(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = pin.trim();
    if (!SIX_DIGITS.test(typed)) setShown({ kind: "problem", text: "Enter a valid 6-digit PIN code." });
    else setAsked(typed);
  }

  return (
    <form
      onSubmit={check}
      noValidate
      className="rounded-2xl border border-linen bg-white/70 p-5"
      aria-label="Delivery date"
    >
      <label htmlFor={`${id}-pin`} className="text-sm font-semibold uppercase tracking-wider text-charcoal/80">
        Deliver to PIN code
      </label>
      <div className="mt-2 flex gap-3">
        <input
          id={`${id}-pin`}
          name="delivery_pin"
          value={pin}
          onChange={(event) => setPin(event.target.value.replace(/\D/g, "").slice(0, 6))}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          placeholder="302022"
          aria-describedby={`${id}-answer`}
          aria-invalid={shown.kind === "problem" ? true : undefined}
          className="w-32 rounded-xl border border-charcoal/25 bg-cream/40 px-4 py-2 text-base tabular-nums focus:border-indigo-ink focus:bg-white"
        />
        <button
          type="submit"
          className="rounded-xl border border-indigo-ink px-4 py-2 text-sm font-semibold text-indigo-ink hover:bg-indigo-ink hover:text-white"
        >
          Check
        </button>
      </div>
      <p id={`${id}-answer`} role="status" className="mt-2 min-h-5 text-sm">
        {shown.kind === "loading" && <span className="text-charcoal/70">Checking...</span>}
        {shown.kind === "promise" && (
          <span className={shown.ok ? "font-medium text-charcoal" : "font-medium text-madder"}>{shown.text}</span>
        )}
        {shown.kind === "problem" && <span className="font-medium text-madder">{shown.text}</span>}
      </p>
    </form>
  );
}
