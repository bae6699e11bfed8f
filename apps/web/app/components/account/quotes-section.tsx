import type { QuoteView } from "@store/shared";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { api } from "../../lib/api";
import { Skeleton } from "../ui/skeleton";

const LABELS: Record<QuoteView["status"], string> = {
  requested: "Waiting for our prices",
  quoted: "Priced: ready to accept",
  accepted: "Accepted and ordered",
  declined: "Declined",
  expired: "Expired",
};

/** The account page's quotes (decision 101), newest first, each with its status; a failed call fails here alone. */
export function QuotesSection() {
  const [quotes, setQuotes] = useState<QuoteView[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    api.get<{ data: QuoteView[] }>("/api/quotes/", undefined, { signal: controller.signal }).then(
      (answer) => setQuotes(answer.data),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error("Quotes failed", error);
        setFailed(true);
      },
    );
    return () => controller.abort();
  }, []);
  return (
    <section
      aria-labelledby="quotes-heading"
      className="mt-8 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-linen sm:p-8"
    >
      <h2 id="quotes-heading" className="text-2xl font-semibold text-indigo-ink">
        Your quotes
      </h2>
      {failed ? (
        <p role="alert" className="mt-4 text-madder">
          Your quotes could not be loaded just now. Please reload the page to try again.
        </p>
      ) : !quotes ? (
        <Skeleton className="mt-4 h-8 w-48" />
      ) : (
        <>
          {quotes.length > 0 && (
            <ul className="mt-4 divide-y divide-linen">
              {quotes.map((q) => (
                <li key={q.id} className="flex flex-wrap justify-between gap-2 py-3">
                  <Link className="font-semibold text-indigo-ink underline" to={`/quote/${q.id}`}>
                    Quote Q-{q.id}
                  </Link>
                  <span>{LABELS[q.status]}</span>
                </li>
              ))}
            </ul>
          )}
          <Link className="mt-4 inline-block underline" to="/quote">
            Ask for a wholesale quote
          </Link>
        </>
      )}
    </section>
  );
}
