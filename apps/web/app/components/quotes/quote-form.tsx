import { INDIAN_STATES, QUOTE_MAX_LINES, type QuoteView } from "@store/shared";
import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { api } from "../../lib/api";
import { useSession } from "../../lib/session";
import { FormMessage } from "../account/auth-card";
import { problemsFromApi } from "../account/form-problems";
import { loginPath } from "../account/safe-next";
import { Button } from "../ui/button";

type Line = {
  product_id: number | null;
  product_name: string;
  size: string;
  colour: string;
  custom_text: string;
  quantity: string;
};
const FIELD = "mt-1 w-full rounded-xl border border-charcoal/30 bg-white px-3 py-2 text-charcoal";
const blankCustom = (): Line => ({
  product_id: null,
  product_name: "",
  size: "",
  colour: "",
  custom_text: "",
  quantity: "1",
});

/**
 * The quote request (decision 101): lines of catalogue products (from the product page's link) or custom work,
 * quantities, a wanted date, the delivery state, notes and a phone. Signed-in buyers only.
 */
export function QuoteForm({ product }: { product: { id: number; name: string; size: string } | null }) {
  const { ready, token } = useSession();
  const navigate = useNavigate();
  const [lines, setLines] = useState<Line[]>(() => [
    product
      ? {
          product_id: product.id,
          product_name: product.name,
          size: product.size,
          colour: "",
          custom_text: "",
          quantity: "10",
        }
      : blankCustom(),
  ]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (ready && !token)
    return (
      <FormMessage tone="error">
        Please{" "}
        <Link className="underline" to={loginPath(product ? `/quote?product=${product.id}` : "/quote")}>
          log in
        </Link>{" "}
        to ask for a quote.
      </FormMessage>
    );
  const set = (i: number, field: keyof Line, value: string) =>
    setLines((all) => all.map((l, j) => (j === i ? { ...l, [field]: value } : l)));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      const quote = await api.post<QuoteView>("/api/quotes/", {
        lines: lines.map((l) => ({
          ...(l.product_id !== null
            ? { product_id: l.product_id, size: l.size, colour: l.colour }
            : { custom_text: l.custom_text, colour: l.colour }),
          quantity: Number(l.quantity),
        })),
        wanted_by: form.get("wanted_by"),
        state: form.get("state"),
        notes: form.get("notes"),
        phone: form.get("phone"),
      });
      await navigate(`/quote/${quote.id}`);
    } catch (failure) {
      const problems = problemsFromApi(failure, [], "Your request could not be sent. Please try again.");
      setError([problems.form, ...Object.values(problems.fields)].filter(Boolean).join(" "));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="space-y-5" onSubmit={(e) => void submit(e)}>
      {lines.map((l, i) => (
        <fieldset key={i} className="rounded-2xl border border-linen p-4">
          <legend className="px-1 font-semibold text-indigo-ink">
            {l.product_id !== null ? `${l.product_name}` : `Custom work ${i + 1}`}
          </legend>
          <div className="grid gap-3 sm:grid-cols-3">
            {l.product_id === null ? (
              <label className="sm:col-span-3">
                What should we make? (line {i + 1})
                <textarea
                  className={FIELD}
                  rows={2}
                  required
                  value={l.custom_text}
                  onChange={(e) => set(i, "custom_text", e.target.value)}
                />
              </label>
            ) : (
              <label>
                Size (line {i + 1})
                <input className={FIELD} value={l.size} onChange={(e) => set(i, "size", e.target.value)} />
              </label>
            )}
            <label>
              Colour (line {i + 1})
              <input className={FIELD} value={l.colour} onChange={(e) => set(i, "colour", e.target.value)} />
            </label>
            <label>
              Quantity (line {i + 1})
              <input
                className={FIELD}
                type="number"
                min={1}
                max={10000}
                required
                value={l.quantity}
                onChange={(e) => set(i, "quantity", e.target.value)}
              />
            </label>
          </div>
        </fieldset>
      ))}
      {lines.length < QUOTE_MAX_LINES && (
        <Button type="button" variant="secondary" onClick={() => setLines((all) => [...all, blankCustom()])}>
          Add custom work
        </Button>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <label>
          Wanted by
          <input className={FIELD} name="wanted_by" type="date" required />
        </label>
        <label>
          Delivery state
          <select className={FIELD} name="state" required defaultValue="">
            <option value="" disabled>
              Choose a state
            </option>
            {INDIAN_STATES.map((s) => (
              <option key={s.code} value={s.name}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Phone
          <input className={FIELD} name="phone" type="tel" required placeholder="+91 98765 43210" />
        </label>
      </div>
      <label className="block">
        Notes
        <textarea className={FIELD} name="notes" rows={3} />
      </label>
      {error && <FormMessage tone="error">{error}</FormMessage>}
      <Button type="submit" disabled={busy}>
        Ask for a quote
      </Button>
    </form>
  );
}
