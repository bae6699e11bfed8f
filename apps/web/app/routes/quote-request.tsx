import { AuthCard } from "../components/account/auth-card";
import { QuoteForm } from "../components/quotes/quote-form";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/quote-request";

export function meta() {
  return pageMeta({
    title: "Ask for a wholesale quote",
    description: "Prices for wholesale quantities or custom work, with a proforma invoice.",
    path: "/quote",
  });
}

/** The product the page was opened for (`?product=12&size=M`, the product page's link), if it is on sale. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const id = Number(params.get("product"));
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) return { product: null };
  const size = (params.get("size") ?? "").slice(0, 40);
  try {
    const detail = await context.services.catalog.productDetail({ product_pk: id, size: "S", currency: "INR" });
    return { product: { id, name: detail.data.name, size } };
  } catch {
    return { product: null };
  }
}

/** Issue 44 point 3: a signed-in buyer asks for prices on quantities or custom work (decision 101). */
export default function QuoteRequest({ loaderData }: Route.ComponentProps) {
  return (
    <AuthCard
      title="Ask for a wholesale quote"
      intro="Tell us what you need, how many and by when. We answer with prices including GST, shipping and our terms."
    >
      <QuoteForm product={loaderData.product} />
    </AuthCard>
  );
}
