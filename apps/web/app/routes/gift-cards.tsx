import { MESSAGES, type GiftCardProduct } from "@store/shared";
import { Link } from "react-router";
import { amountsText } from "../components/gift-cards/amounts";
import { api } from "../lib/api";
import { logBoundaryError } from "../lib/log-failure";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/gift-cards";

/** The cards on sale, read in process (no HTTP hop). */
export async function loader({ context }: Route.LoaderArgs) {
  return context.services.giftCards.onSale();
}

export async function clientLoader() {
  return api.get<{ products: GiftCardProduct[] }>("/api/gift-cards/");
}

export function meta() {
  return pageMeta({
    title: "Gift cards",
    description: "Send a gift card by e-mail for Diwali, a wedding or Rakhi: they choose from every handcrafted piece.",
    path: "/gift-cards",
  });
}

/** Issue 42: the gift cards on sale, each opening its purchase page. */
export default function GiftCardsPage({ loaderData }: Route.ComponentProps) {
  const { products } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 pb-8 pt-10 sm:pt-14">
      <GiftCardsHeader />
      {products.length === 0 ? (
        <p className="mt-10 rounded-2xl bg-white p-6 ring-1 ring-linen">
          No gift cards are on sale just now. Please look again soon.
        </p>
      ) : (
        <ul className="mt-10 grid gap-6 sm:grid-cols-2">
          {products.map((product) => (
            <li key={product.id} className="flex flex-col rounded-3xl bg-white p-6 shadow-sm ring-1 ring-linen">
              <h2 className="text-2xl font-semibold text-indigo-ink">{product.name}</h2>
              {product.description && <p className="mt-2 text-charcoal/85">{product.description}</p>}
              <p className="mt-3 text-sm text-charcoal/80">{amountsText(product)}</p>
              <Link
                to={`/gift-cards/${product.id}`}
                className="mt-5 self-start rounded-full bg-indigo-ink px-6 py-3 font-semibold text-cream hover:bg-indigo-ink/90"
                aria-label={`Buy the ${product.name}`}
              >
                Buy this gift card
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function GiftCardsHeader() {
  return (
    <header className="max-w-3xl">
      <p className="text-sm font-medium uppercase tracking-widest text-madder">Gift cards</p>
      <h1 className="mt-2 text-4xl font-semibold text-indigo-ink sm:text-5xl">Give them the choice</h1>
      <p className="mt-4 text-lg leading-relaxed text-charcoal/85">
        A gift card arrives by e-mail on the day you choose, with your message. They add it to their account as store
        credit, which never expires, and spend it on anything in the shop.
      </p>
    </header>
  );
}

/** The cards cannot be read (a navigation whose call fails): the page's own heading and a message, in the layout. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  logBoundaryError("Gift cards failed", error);
  return (
    <div className="mx-auto max-w-5xl px-4 pb-8 pt-10 sm:pt-14">
      <GiftCardsHeader />
      <p role="alert" className="mt-10 text-lg text-madder">
        {MESSAGES.giftCardsFailed}
      </p>
    </div>
  );
}
