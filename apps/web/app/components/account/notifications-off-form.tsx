import { MESSAGES, type NotificationLinkResponse } from "@store/shared";
import { useEffect, useRef, useState } from "react";
import { api } from "../../lib/api";
import { useHydrated } from "../../lib/use-hydrated";
import { FormMessage } from "./auth-card";
import { problemsFromApi } from "./form-problems";
import { Button, ButtonLink } from "../ui/button";

const CHANNEL_NAMES = { email: "e-mail", whatsapp: "WhatsApp" } as const;

/**
 * The signed opt-out link's page: says what the link turns off, then turns it off on a button (not on page
 * load, so a mail scanner opening links does not opt the shopper out). A forged link is refused by the server.
 */
export function NotificationsOffForm({ token }: { token: string }) {
  const hydrated = useHydrated();
  const [link, setLink] = useState<NotificationLinkResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    api
      .get<NotificationLinkResponse>("/api/notifications/off/", { token }, { signal: controller.signal })
      .then(setLink, (failure: unknown) => {
        if (!controller.signal.aborted)
          setError(problemsFromApi(failure, [], MESSAGES.unexpectedError).form ?? MESSAGES.unexpectedError);
      });
    return () => controller.abort();
  }, [token]);

  if (!token)
    return (
      <FormMessage tone="error">This link is incomplete. Please open the link from our message again.</FormMessage>
    );
  if (error) return <FormMessage tone="error">{error}</FormMessage>;
  if (!link) return <p className="text-charcoal/80">Checking your link...</p>;
  const channel = CHANNEL_NAMES[link.channel];

  if (!link.enabled) {
    return (
      <div className="space-y-5">
        <FormMessage tone="success">{`Order updates by ${channel} to ${link.contact} are off.`}</FormMessage>
        <p className="text-charcoal/80">
          We still send what you must have: the order confirmation with its invoice, and account security e-mails.
          Signed in, you can turn updates back on from your account page.
        </p>
        <ButtonLink to="/account" size="xl" className="w-full">
          Go to my account
        </ButtonLink>
      </div>
    );
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    setSending(true);
    try {
      setLink(await api.post<NotificationLinkResponse>("/api/notifications/off/", { token }, { auth: false }));
    } catch (failure) {
      setError(problemsFromApi(failure, [], MESSAGES.unexpectedError).form ?? MESSAGES.unexpectedError);
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-busy={sending} className="space-y-5">
      <p className="text-charcoal">{`Stop order updates by ${channel} to ${link.contact}?`}</p>
      <Button type="submit" size="xl" className="w-full" disabled={!hydrated || sending}>
        {sending ? "Turning off..." : `Stop ${channel} updates`}
      </Button>
    </form>
  );
}
