import type { GiftCardProduct } from "@store/shared";
import { data, Link } from "react-router";
import { amountsText } from "../components/gift-cards/amounts";
import { PurchaseForm } from "../components/gift-cards/purchase-form";
import { NotFoundContent } from "../components/layout/not-found-content";
import { api, ApiError } from "../lib/api";
import { isServiceNotFound } from "../lib/service-errors";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/gift-card";

const idOf = (raw: string) => {
  const id = Number(raw);
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw data(null, { status: 404 });
  return id;
};

export async function loader({ context, params }: Route.LoaderArgs) {
  try {
    return { product: await context.services.giftCards.product(idOf(params.id)) };
  } catch (error) {
    if (isServiceNotFound(error)) throw data(null, { status: 404 });
    throw error;
  }
}

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  try {
    return { product: await api.get<GiftCardProduct>(`/api/gift-cards/${idOf(params.id)}`) };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw data(null, { status: 404 });
    throw error;
  }
}

export function meta({ loaderData, params }: Route.MetaArgs) {
  return pageMeta({
    title: loaderData ? `Buy the ${loaderData.product.name}` : "Gift card",
    description: "Choose an amount, write a message and the day it arrives: a gift card by e-mail.",
    path: `/gift-cards/${params.id}`,
  });
}

export function ErrorBoundary() {
  return <NotFoundContent />;
}

/** Issue 42: one gift card's purchase form, paid through the same providers and widgets as checkout. */
export default function GiftCardPage({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 pb-8 pt-8 sm:pt-12">
      <p className="text-sm">
        <Link to="/gift-cards" className="text-indigo-ink underline underline-offset-4">
          All gift cards
        </Link>
      </p>
      <h1 className="mt-3 text-3xl font-semibold text-indigo-ink sm:text-4xl">{product.name}</h1>
      {product.description && <p className="mt-3 text-lg text-charcoal/85">{product.description}</p>}
      <p className="mt-2 text-sm text-charcoal/80">Sold in {amountsText(product)}.</p>
      <PurchaseForm product={product} />
    </div>
  );
}
