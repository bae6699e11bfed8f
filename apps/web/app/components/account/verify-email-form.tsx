import { MESSAGES, type MessageResponse, type VerifyEmailRequest } from "@store/shared";
import { useRef, useState } from "react";
import { api } from "../../lib/api";
import { useHydrated } from "../../lib/use-hydrated";
import { FormMessage } from "./auth-card";
import { problemsFromApi } from "./form-problems";
import { Button, ButtonLink } from "../ui/button";

/**
 * Uses the e-mailed confirmation link's token once (decision 015). A button rather than on page load, so
 * a mail scanner that opens links does not confirm on the shopper's behalf.
 */
export function VerifyEmailForm({ token }: { token: string }) {
  const hydrated = useHydrated();
  const [result, setResult] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);

  if (!token) {
    return <FormMessage tone="error">This link is incomplete. Please open the link from our e-mail again.</FormMessage>;
  }
  if (result?.tone === "success") {
    return (
      <div className="space-y-5">
        <FormMessage tone="success">{result.text}</FormMessage>
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
      const body: VerifyEmailRequest = { token };
      const done = await api.post<MessageResponse>("/api/verify-email/", body, { auth: false });
      setResult({ tone: "success", text: done.message });
    } catch (error) {
      setResult({
        tone: "error",
        text: problemsFromApi(error, [], MESSAGES.unexpectedError).form ?? MESSAGES.unexpectedError,
      });
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-busy={sending} className="space-y-5">
      {result && <FormMessage tone={result.tone}>{result.text}</FormMessage>}
      <Button type="submit" size="xl" className="w-full" disabled={!hydrated || sending}>
        {sending ? "Confirming..." : "Confirm my e-mail address"}
      </Button>
    </form>
  );
}
