import { MESSAGES, type MessageResponse, type PublicUser } from "@store/shared";
import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { api, isApiError } from "../../lib/api";
import { useCart } from "../../lib/cart";
import { useSession } from "../../lib/session";
import { Skeleton } from "../ui/skeleton";
import { FormMessage } from "./auth-card";
import type { LoginNotice } from "./login-form";
import { NotificationSwitches } from "./notification-switches";
import { OrdersSlot } from "./orders-slot";
import { QuotesSection } from "./quotes-section";
import { StoreCreditSection } from "./store-credit-section";
import { loginPath } from "./safe-next";
import { Button } from "../ui/button";

/**
 * The signed-in shopper's page: their details from GET /api/me/ and Log out. Without a token (known only
 * in the browser) or with one the server refuses, the shopper is sent to log in and brought back here.
 */
export function AccountPanel() {
  const { ready, token, expire, signOut } = useSession();
  const cart = useCart();
  const navigate = useNavigate();
  const [user, setUser] = useState<PublicUser | null>(null);
  const [failed, setFailed] = useState(false);
  // The sections under the store credit appear once it has its final height, so it never pushes them down.
  const [creditSettled, setCreditSettled] = useState(false);
  const settleCredit = useCallback(() => setCreditSettled(true), []);
  // Logging out also leaves the page without a token; that must not bounce through /login?next=/account.
  const leaving = useRef(false);

  useEffect(() => {
    if (!ready || leaving.current) return;
    if (!token) {
      void navigate(loginPath("/account"), { replace: true });
      return;
    }
    const controller = new AbortController();
    api.get<{ user: PublicUser }>("/api/me/", undefined, { signal: controller.signal }).then(
      (answer) => setUser(answer.user),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (isApiError(error, 401)) expire(error.message);
        else {
          console.error("Account details failed", error);
          setFailed(true);
        }
      },
    );
    return () => controller.abort();
  }, [ready, token, navigate, expire]);

  async function logOut() {
    leaving.current = true;
    let notice = "You have been logged out.";
    try {
      notice = (await api.post<MessageResponse>("/api/logout/", {})).message;
    } catch (error) {
      // The session ends in this browser either way; a token the server no longer knows is already over.
      if (!isApiError(error, 401)) console.error("Logout failed", error);
    }
    signOut();
    cart.clear();
    const state: LoginNotice = { notice };
    await navigate("/login", { replace: true, state });
  }

  return (
    // A screen high from the first paint: the sections arrive after it, and the footer stays below the fold
    // instead of being pushed down in view (CLS 0, decision 110).
    <div className="mx-auto min-h-screen max-w-3xl px-4 pb-8 pt-10 sm:pt-16">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm font-medium uppercase tracking-widest text-madder">Your account</p>
          <h1 className="mt-2 text-4xl font-semibold text-indigo-ink sm:text-5xl">
            {user ? `Namaste, ${user.first_name}` : "Welcome back"}
          </h1>
        </div>
        {user && (
          <Button variant="secondary" onClick={() => void logOut()}>
            Log out
          </Button>
        )}
      </header>
      <section
        aria-labelledby="details-heading"
        aria-busy={!user && !failed}
        className="mt-8 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-linen sm:p-8"
      >
        <h2 id="details-heading" className="text-2xl font-semibold text-indigo-ink">
          Your details
        </h2>
        {failed && (
          <div className="mt-4">
            <FormMessage tone="error">{MESSAGES.unexpectedError}</FormMessage>
          </div>
        )}
        {!failed && (user ? <Details user={user} /> : <DetailsSkeleton />)}
      </section>
      {user && <StoreCreditSection onSettled={settleCredit} />}
      {/* Mounted with the details (their calls start at once), shown when the store credit has settled. */}
      {user && (
        <div hidden={!creditSettled}>
          <NotificationSwitches />
          <OrdersSlot />
          <QuotesSection />
        </div>
      )}
    </div>
  );
}

function Details({ user }: { user: PublicUser }) {
  const rows = [
    ["Name", `${user.first_name} ${user.last_name}`],
    ["E-mail", user.email],
    ["Mobile number", `${user.country_code} ${user.mobile_number}`],
  ] as const;
  return (
    <dl className="mt-4 divide-y divide-linen">
      {rows.map(([term, value]) => (
        <div key={term} className="py-4 sm:grid sm:grid-cols-[10rem_1fr] sm:items-baseline sm:gap-6">
          <dt className="text-sm font-semibold uppercase tracking-wider text-charcoal/75">{term}</dt>
          <dd className="mt-1 break-words text-lg text-charcoal sm:mt-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function DetailsSkeleton() {
  return (
    <div className="mt-6 space-y-5">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-6 w-full max-w-sm" />
      ))}
    </div>
  );
}
