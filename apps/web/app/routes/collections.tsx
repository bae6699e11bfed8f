import {
  CATEGORIES,
  type Currency,
  type ProductListQuery,
  type ProductListResponse,
  CACHEABLE_PAGE_HEADERS,
} from "@store/shared";
import { CollectionCard, type CollectionPreview } from "../components/product/collection-card";
import { api } from "../lib/api";
import { browserCurrency } from "../lib/currency";
import { logInBrowser, logOnServer, type LogFailure } from "../lib/log-failure";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/collections";

/** Three pictures fill a card's 4:1 box for the categories that have no banner of their own. */
const PREVIEW_SIZE = 3;

/** Each category's size and first pictures; one failing category only loses its preview, not the page. */
async function previews(
  list: (query: ProductListQuery) => Promise<ProductListResponse>,
  currency: Currency,
  log: LogFailure,
): Promise<CollectionPreview[]> {
  return Promise.all(
    CATEGORIES.map(async (category) => {
      try {
        const page = await list({ category_pk: category.id, page: 1, page_size: PREVIEW_SIZE, currency });
        return {
          categoryId: category.id,
          total: page.total,
          images: page.data.map((p) => ({ url: p.main_image, name: p.product_name })),
        };
      } catch (error) {
        log(`Collection preview for ${category.name} failed`, error);
        return { categoryId: category.id, total: null, images: [] };
      }
    }),
  );
}

export async function loader({ context }: Route.LoaderArgs) {
  const currency = context.currency.currency;
  return {
    previews: await previews(
      (query) => context.services.catalog.listProducts(query),
      currency,
      logOnServer(context.log),
    ),
  };
}

export async function clientLoader() {
  const list = (query: ProductListQuery) => api.get<ProductListResponse>("/api/get-all-products/", query);
  return { previews: await previews(list, browserCurrency(), logInBrowser) };
}

/** The same HTML for every visitor in one currency: the server may keep the rendered page (decision 044). */
export const headers = () => CACHEABLE_PAGE_HEADERS;

export function meta() {
  return pageMeta({
    title: "Collections",
    description:
      "Women's wear, home and living, men's, kids', fabric and accessories: every collection of handcrafted pieces from Jaipur.",
    path: "/collections",
  });
}

export default function CollectionsPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 pb-8 pt-10 sm:pt-14">
      <header className="max-w-3xl">
        <p className="text-sm font-medium uppercase tracking-widest text-madder">Shop by collection</p>
        <h1 className="mt-2 text-4xl font-semibold text-indigo-ink sm:text-5xl">Our collections</h1>
        <p className="mt-4 text-lg leading-relaxed text-charcoal/85">
          From block printed kaftans to braided jute rugs: six collections, each made by hand in and around Jaipur.
        </p>
      </header>
      <div className="mt-12 grid gap-10">
        {CATEGORIES.map((category, i) => (
          <CollectionCard
            key={category.id}
            category={category}
            preview={loaderData.previews.find((p) => p.categoryId === category.id)}
            eager={i === 0}
          />
        ))}
      </div>
    </div>
  );
}
