import { MESSAGES, type Currency, type TopSellingResponse, CACHEABLE_PAGE_HEADERS } from "@store/shared";
import { Link } from "react-router";
import { ProductGrid } from "../components/product/product-grid";
import { api } from "../lib/api";
import { browserCurrency } from "../lib/currency";
import { logBoundaryError } from "../lib/log-failure";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/best-sellers";

/** Same rule as the home page's popular grid: top_selling and is_active both true. */
function bestSellers(response: TopSellingResponse) {
  return { products: response.data.filter((p) => p.top_selling && p.is_active) };
}

export async function loader({ context }: Route.LoaderArgs) {
  const currency: Currency = context.currency.currency;
  return bestSellers(await context.services.catalog.topSelling({ currency }));
}

export async function clientLoader() {
  return bestSellers(
    await api.get<TopSellingResponse>("/api/product/get-top-selling-product/", { currency: browserCurrency() }),
  );
}

/** The same HTML for every visitor in one currency: the server may keep the rendered page (decision 044). */
export const headers = () => CACHEABLE_PAGE_HEADERS;

export function meta() {
  return pageMeta({
    title: "Best sellers",
    description:
      "Our most loved handcrafted pieces: block printed dresses and kaftans, kantha cushions, jute rugs and more, made in Jaipur.",
    path: "/best-sellers",
  });
}

export default function BestSellersPage({ loaderData }: Route.ComponentProps) {
  const { products } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 pb-8 pt-10 sm:pt-14">
      <header className="max-w-3xl">
        <p className="text-sm font-medium uppercase tracking-widest text-madder">Most loved</p>
        <h1 className="mt-2 text-4xl font-semibold text-indigo-ink sm:text-5xl">Best sellers</h1>
        <p className="mt-4 text-lg leading-relaxed text-charcoal/85">
          The pieces our customers come back for: printed, dyed and stitched by hand in our Jaipur workshops, in small
          batches.
        </p>
      </header>
      <section aria-label="Best-selling products" className="mt-12">
        {products.length > 0 ? (
          <ProductGrid products={products} label="Best-selling products" eagerImages headingLevel={2} />
        ) : (
          <p className="py-10 text-center text-lg">
            Our best sellers are being restocked. Meanwhile,{" "}
            <Link to="/collections" className="text-madder underline">
              browse the collections
            </Link>
            .
          </p>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  logBoundaryError("Best sellers failed", error);
  return (
    <p role="alert" className="mx-auto max-w-2xl px-4 py-24 text-center text-lg text-madder">
      {MESSAGES.categoryProductsFailed}
    </p>
  );
}
