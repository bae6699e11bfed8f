import { MESSAGES, type StockAlertConfirmation } from "@store/shared";
import { useEffect, useRef, useState } from "react";
import { api, ApiError } from "../../lib/api";
import { useHydrated } from "../../lib/use-hydrated";
import { Button, ButtonLink } from "../ui/button";
import { FormMessage } from "./auth-card";

const piecesText = (n: number) => `${n} ${n === 1 ? "piece" : "pieces"}`;

/** The server's sentence for a link it refuses (404), ours when it could not be asked (network, 500). */
const failureText = (failure: unknown) =>
  failure instanceof ApiError && failure.status < 500 && failure.body?.message
    ? failure.body.message
    : MESSAGES.stockAlertLinkFailed;

/**
 * The back-in-stock confirmation link's page: says which address and how many alerts the link confirms, then
 * confirms on a button (not on page load, so a mail scanner opening links confirms nothing: the point of
 * double opt-in is that the address's owner asked).
 */
export function StockAlertConfirmForm({ token }: { token: string }) {
  const hydrated = useHydrated();
  const [link, setLink] = useState<StockAlertConfirmation | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    setError(null);
    api
      .get<StockAlertConfirmation>("/api/stock-alerts/confirm", { token }, { signal: controller.signal })
      .then(setLink, (failure: unknown) => {
        if (!controller.signal.aborted) setError(failureText(failure));
      });
    return () => controller.abort();
  }, [token, attempt]);

  if (!token)
    return <FormMessage tone="error">This link is incomplete. Please open the link from our e-mail again.</FormMessage>;
  if (error)
    return (
      <div className="space-y-5">
        <FormMessage tone="error">{error}</FormMessage>
        {error === MESSAGES.stockAlertLinkFailed && (
          <Button type="button" variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </Button>
        )}
      </div>
    );
  if (!link) return <p className="text-charcoal/80">Checking your link...</p>;

  if (link.confirmed)
    return (
      <div className="space-y-5">
        <FormMessage tone="success">
          {`Your back-in-stock alerts are confirmed: we will write to ${link.email} once when each piece is back.`}
        </FormMessage>
        <ButtonLink to="/" size="xl" className="w-full">
          Continue shopping
        </ButtonLink>
      </div>
    );

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    setSending(true);
    try {
      setLink(await api.post<StockAlertConfirmation>("/api/stock-alerts/confirm", { token }, { auth: false }));
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-busy={sending} className="space-y-5">
      <p className="text-charcoal">
        {`Confirm that ${link.email} may be e-mailed when sold-out pieces are back (${piecesText(link.alerts)} waiting).`}
      </p>
      <Button type="submit" size="xl" className="w-full" disabled={!hydrated || sending}>
        {sending ? "Confirming..." : "Confirm my alerts"}
      </Button>
    </form>
  );
}
