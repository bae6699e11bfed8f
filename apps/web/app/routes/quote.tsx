import { useParams } from "react-router";
import { AuthCard } from "../components/account/auth-card";
import { QuotePage } from "../components/quotes/quote-page";
import { pageMeta } from "../lib/seo";

export function meta() {
  return [
    ...pageMeta({
      title: "Your quote",
      description: "Your quote, its proforma invoice and acceptance.",
      path: "/quote",
    }),
    { name: "robots", content: "noindex" },
  ];
}

/** One of the signed-in buyer's quotes (decision 101); the quote e-mail links here. */
export default function Quote() {
  const { id } = useParams();
  return (
    <AuthCard
      title={`Quote Q-${id ?? ""}`}
      intro="Prices include GST. Accepting puts the quote in your cart at these prices."
    >
      <QuotePage id={id ?? ""} />
    </AuthCard>
  );
}
