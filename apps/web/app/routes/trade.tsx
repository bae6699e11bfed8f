import { useEffect, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { tradeApplyRequestSchema, type TradeApplication, type TradeStatusResponse } from "@store/shared";
import { loginPath } from "../components/account/safe-next";
import { Button } from "../components/ui/button";
import { TextField } from "../components/ui/text-field";
import { api, ApiError } from "../lib/api";
import { pageMeta } from "../lib/seo";
import { useSession } from "../lib/session";

export function meta() {
  return pageMeta({
    title: "Trade accounts",
    description: "Apply for a trade account: trade prices, minimum orders and reordering for businesses.",
    path: "/trade",
  });
}

/**
 * Trade accounts (issue 44 point 2, decision 097): a signed-in business applies with its GSTIN, then sees its
 * application's state. The page the server renders is the same for everyone; the account's state is read in
 * the browser with its token.
 */
export default function TradePage() {
  const { ready, token } = useSession();
  const [application, setApplication] = useState<TradeApplication | null | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!token) return;
    api.get<TradeStatusResponse>("/api/trade/").then(
      (res) => setApplication(res.application),
      () => setFailed(true),
    );
  }, [token]);

  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-semibold text-indigo-ink">Trade accounts</h1>
      <p className="mt-3 text-charcoal/90">
        Shops, boutiques and hotels buy from us at trade prices, with minimum quantities and case packs per product.
        Apply with your GSTIN; we review every application and reply by e-mail.
      </p>
      <div className="mt-8">
        {!ready ? null : !token ? (
          <p>
            <Link to={loginPath("/trade")} className="font-semibold text-madder underline-offset-4 hover:underline">
              Log in or sign up
            </Link>{" "}
            to apply for a trade account.
          </p>
        ) : failed ? (
          <p role="alert" className="text-madder">
            Your trade account could not be loaded. Please reload the page.
          </p>
        ) : application === undefined ? (
          <p>Loading...</p>
        ) : application && application.status !== "declined" ? (
          <ApplicationState application={application} />
        ) : (
          <>
            {application?.status === "declined" && <ApplicationState application={application} />}
            <ApplyForm onApplied={setApplication} />
          </>
        )}
      </div>
    </div>
  );
}

function ApplicationState({ application }: { application: TradeApplication }) {
  return (
    <section aria-labelledby="trade-state" className="rounded-lg border border-linen p-5">
      <h2 id="trade-state" className="text-xl font-semibold text-indigo-ink">
        {application.status === "approved"
          ? "Your trade account is approved"
          : application.status === "open"
            ? "Your application is being reviewed"
            : application.status === "revoked"
              ? "Your trade account is suspended"
              : "Your last application was declined"}
      </h2>
      <p className="mt-2 text-sm text-charcoal/80">
        {application.business_name} · GSTIN {application.gstin}
      </p>
      {application.status === "approved" && (
        <p className="mt-3">
          Trade group: <strong>{application.group_name}</strong>. Trade prices are shown across the shop when you are
          signed in, in your cart and at checkout.
        </p>
      )}
      {application.status === "open" && <p className="mt-3">We will e-mail you when it is decided.</p>}
      {application.status === "revoked" && (
        <p className="mt-3">
          Reason: {application.revoke_reason}. You see retail prices until we reinstate it: please write to us.
        </p>
      )}
      {application.status === "declined" && (
        <p className="mt-3">Reason: {application.decline_reason}. You may apply again below.</p>
      )}
    </section>
  );
}

function ApplyForm({ onApplied }: { onApplied: (application: TradeApplication) => void }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = Object.fromEntries(new FormData(event.currentTarget));
    const parsed = tradeApplyRequestSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      onApplied(await api.post<TradeApplication>("/api/trade/apply/", parsed.data));
    } catch (error) {
      setMessage(error instanceof ApiError ? error.message : "Your application could not be sent. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="mt-6 flex flex-col gap-4"
      aria-label="Apply for a trade account"
    >
      <TextField
        id="trade-gstin"
        name="gstin"
        label="GSTIN"
        autoComplete="off"
        error={errors.gstin}
        placeholder="08ABCDE1234F1Z5"
      />
      <TextField
        id="trade-business"
        name="business_name"
        label="Business name"
        autoComplete="organization"
        error={errors.business_name}
      />
      <TextField id="trade-buys" name="buys" label="What your business buys" autoComplete="off" error={errors.buys} />
      <TextField
        id="trade-volume"
        name="monthly_volume_rupees"
        label="Expected monthly purchases (₹)"
        autoComplete="off"
        inputMode="numeric"
        error={errors.monthly_volume_rupees}
      />
      {message && (
        <p role="alert" className="text-madder">
          {message}
        </p>
      )}
      <Button type="submit" disabled={busy}>
        Apply for a trade account
      </Button>
    </form>
  );
}
