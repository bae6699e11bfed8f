import { formatMoney, type AdminGiftCard, type AdminGiftCards, type GiftCardProduct } from "@store/shared";
import { useState } from "react";
import { adminMeta } from "../../components/admin/admin-meta";
import { formatWhen } from "../../components/admin/format";
import { GiftCardProductForm } from "../../components/admin/gift-card-product-form";
import { ListTable, LoadState, type Column } from "../../components/admin/list-table";
import { PageHeader } from "../../components/admin/page-header";
import { BUTTON_PRIMARY, BUTTON_SECONDARY, CARD, SECTION_TITLE } from "../../components/admin/styles";
import { useAdminResource } from "../../components/admin/use-admin-resource";
import { amountsText } from "../../components/gift-cards/amounts";

export function meta() {
  return adminMeta("Gift cards");
}

const CARD_COLUMNS: Column<AdminGiftCard>[] = [
  {
    header: "Card",
    cell: (c) => (
      <span className="block min-w-40">
        {formatMoney(c.amount, c.currency)} · {c.product}
        <span className="block font-mono text-xs font-normal text-charcoal/75">{c.masked_code ?? "No code yet"}</span>
      </span>
    ),
  },
  { header: "Buyer", cell: (c) => <Person name={c.buyer_name} email={c.buyer_email} /> },
  { header: "Recipient", cell: (c) => <Person name={c.recipient_name} email={c.recipient_email} /> },
  { header: "Send date", cell: (c) => c.send_on },
  { header: "Status", cell: (c) => c.status_label },
  {
    header: "Redeemed",
    cell: (c) => (c.redeemed_at ? `${c.redeemed_by ?? ""} · ${formatWhen(c.redeemed_at)}` : "Not yet"),
  },
];

function Person({ name, email }: { name: string; email: string }) {
  return (
    <span className="block">
      {name}
      <span className="block break-all text-xs text-charcoal/75">{email}</span>
    </span>
  );
}

const owedText = (owed: AdminGiftCards["outstanding"]) =>
  owed.length === 0
    ? "Nothing"
    : owed
        .map((o) => `${formatMoney(o.amount, o.currency)} (${o.cards} ${o.cards === 1 ? "card" : "cards"})`)
        .join(" and ");

/**
 * Gift cards (issue 42, decision 089), the owner's: what the shop owes in cards not yet redeemed, the products
 * with their form, and the cards sold with their codes masked.
 */
export default function GiftCards() {
  const products = useAdminResource<{ products: GiftCardProduct[] }>("/api/admin/gift-card-products");
  const cards = useAdminResource<AdminGiftCards>("/api/admin/gift-cards");
  const [editing, setEditing] = useState<GiftCardProduct | "new" | null>(null);
  const productColumns: Column<GiftCardProduct>[] = [
    { header: "Gift card", cell: (p) => p.name },
    { header: "Amounts", cell: (p) => amountsText(p) },
    { header: "On sale", cell: (p) => (p.active ? "Yes" : "No") },
    {
      header: "Change",
      cell: (p) => (
        <button type="button" className={BUTTON_SECONDARY} onClick={() => setEditing(p)} aria-label={`Edit ${p.name}`}>
          Edit
        </button>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title="Gift cards"
        lead="Cards shoppers buy for someone, e-mailed on the day they choose. A card is not taxed when sold: GST is charged on the order it pays for."
      />
      <section className={`${CARD} mb-6`} aria-labelledby="gc-owed-title">
        <h2 id="gc-owed-title" className={SECTION_TITLE}>
          The shop owes in unredeemed cards
        </h2>
        {!cards.data ? (
          <LoadState error={cards.error} onRetry={cards.reload} rows={1} />
        ) : (
          <p className="mt-2 text-2xl font-semibold tabular-nums text-charcoal">{owedText(cards.data.outstanding)}</p>
        )}
        <p className="mt-1 text-sm text-charcoal/75">
          Paid, not yet added to a shopper&apos;s store credit. Once redeemed, it shows under Store credit until spent.
        </p>
      </section>
      {editing !== null ? (
        <GiftCardProductForm
          key={editing === "new" ? "new" : editing.id}
          product={editing === "new" ? null : editing}
          onCancel={() => setEditing(null)}
          onSaved={() => (setEditing(null), products.reload())}
        />
      ) : (
        <button type="button" className={`${BUTTON_PRIMARY} mb-4`} onClick={() => setEditing("new")}>
          New gift card
        </button>
      )}
      {products.data ? (
        <ListTable
          caption="Gift card products"
          columns={productColumns}
          rows={products.data.products}
          empty="No gift cards yet: create one to sell it on the storefront."
        />
      ) : (
        <LoadState error={products.error} onRetry={products.reload} rows={2} />
      )}
      <h2 className={`${SECTION_TITLE} mb-3 mt-8`}>Cards sold</h2>
      {cards.data && (
        <ListTable caption="Gift cards sold" columns={CARD_COLUMNS} rows={cards.data.cards} empty="No card sold yet." />
      )}
    </>
  );
}
