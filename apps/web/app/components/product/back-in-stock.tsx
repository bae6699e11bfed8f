import type { StockAlertResponse } from "@store/shared";
import { useState, type FormEvent } from "react";
import { api, ApiError, STORAGE_KEYS } from "../../lib/api";
import { useSession } from "../../lib/session";
import { browserStorage } from "../../lib/storage";
import { Button } from "../ui/button";
import { TextField } from "../ui/text-field";

/**
 * "E-mail me when it is back" on a sold-out size. A signed-in shopper subscribes in one click (the account's
 * address); a guest gives an address once, which this browser remembers for the next sold-out size.
 * Only ever rendered in the browser (`BackInStockSlot` stands in for it in the server's HTML, looking as this
 * form first does to a guest), so it reads the remembered address at once. It imports nothing of the slot's
 * module: shared by two chunks, that module would go to the storefront chunk every page loads.
 */
export function BackInStock({ productId, size }: { productId: number; size: string }) {
  const { token } = useSession();
  const [remembered, setRemembered] = useState(() => browserStorage.get(STORAGE_KEYS.alertEmail));
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);
  const [answer, setAnswer] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const needsAddress = !token && (remembered === null || asking);

  async function subscribe(email?: string) {
    setPending(true);
    setProblem(null);
    try {
      const response = await api.post<StockAlertResponse>("/api/stock-alerts/", {
        product_pk: productId,
        size,
        ...(email && { email }),
      });
      if (!token) {
        browserStorage.set(STORAGE_KEYS.alertEmail, response.email);
        setRemembered(response.email);
        setAsking(false);
      }
      setAnswer(response.message);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) console.error("Stock alert failed", error);
      setProblem(
        error instanceof ApiError && error.status < 500
          ? error.message
          : "We could not save your alert. Please try again.",
      );
    } finally {
      setPending(false);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    void subscribe(needsAddress ? email : (remembered ?? undefined));
  }

  if (answer)
    return (
      <p role="status" className="mt-4 rounded-xl bg-linen px-4 py-3 text-sm font-medium text-charcoal">
        {answer}
      </p>
    );
  return (
    <form onSubmit={submit} className="mt-4 flex flex-col gap-3" aria-label="Back in stock alert">
      <p className="text-sm text-charcoal/85">This size is sold out. We can write to you once when it is back.</p>
      {needsAddress ? (
        <TextField
          id={`stock-alert-email-${size}`}
          name="email"
          type="email"
          label="Your e-mail"
          autoComplete="email"
          defaultValue={remembered ?? ""}
        />
      ) : (
        !token &&
        remembered && (
          <p className="text-sm text-charcoal/85">
            We will write to {remembered}.{" "}
            <Button variant="link" type="button" onClick={() => setAsking(true)}>
              Use another address
            </Button>
          </p>
        )
      )}
      <Button type="submit" variant="secondary" disabled={pending} aria-busy={pending}>
        E-mail me when it is back
      </Button>
      {problem && (
        <p role="alert" className="text-sm font-medium text-madder">
          {problem}
        </p>
      )}
    </form>
  );
}
