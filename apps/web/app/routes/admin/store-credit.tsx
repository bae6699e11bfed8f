import { formatMoney, type AdminStoreCreditOverview, type StoreCreditBalance } from "@store/shared";
import { Link, useSearchParams } from "react-router";
import { adminMeta } from "../../components/admin/admin-meta";
import { FilterForm, type FilterSpec } from "../../components/admin/filter-form";
import { ListTable, LoadState, type Column } from "../../components/admin/list-table";
import { PageHeader } from "../../components/admin/page-header";
import { ShopperLedger } from "../../components/admin/store-credit-ledger";
import { CARD, SECTION_TITLE } from "../../components/admin/styles";
import { useAdminResource } from "../../components/admin/use-admin-resource";
import { useListParams } from "../../components/admin/use-list-params";

export function meta() {
  return adminMeta("Store credit");
}

const FILTERS = ["query"] as const;
const FILTER_SPECS: FilterSpec<(typeof FILTERS)[number]>[] = [
  { name: "query", label: "Find a shopper", kind: "text", placeholder: "Name or e-mail" },
];

type Holder = AdminStoreCreditOverview["holders"][number] & { id: number };

const ledgerLink = (userId: number, text: string) => (
  <Link
    to={`/admin/store-credit?shopper=${userId}`}
    className="text-indigo-ink underline underline-offset-4 hover:text-madder"
  >
    {text}
  </Link>
);

const COLUMNS: Column<Holder>[] = [
  {
    header: "Shopper",
    cell: (h) => (
      <span className="block min-w-40">
        {ledgerLink(h.user_id, h.name || h.email)}
        <span className="block break-all text-xs font-normal text-charcoal/75">{h.email}</span>
      </span>
    ),
  },
  { header: "Balance", cell: (h) => formatMoney(h.amount, h.currency), className: "text-right tabular-nums" },
];

const owedText = (balances: StoreCreditBalance[]) =>
  balances.length === 0 ? "Nothing" : balances.map((b) => formatMoney(b.amount, b.currency)).join(" and ");

/**
 * Store credit (issue 42, decision 087), the owner's: what the shop owes in each currency and to whom, largest
 * first; a shopper's ledger (`?shopper=`) with the goodwill adjustment form.
 */
export default function StoreCredit() {
  const list = useListParams(FILTERS);
  const [params] = useSearchParams();
  const shopper = Number(params.get("shopper")) || null;
  const overview = useAdminResource<AdminStoreCreditOverview>("/api/admin/store-credit", list.values);
  const data = overview.data;
  return (
    <>
      <PageHeader
        title="Store credit"
        lead="Credit shoppers hold from returns and your adjustments. It never expires, so it is money the shop owes until it is spent."
      />
      {shopper !== null && <ShopperLedger key={shopper} userId={shopper} onChanged={overview.reload} />}
      <section className={`${CARD} mb-6`} aria-labelledby="owed-title">
        <h2 id="owed-title" className={SECTION_TITLE}>
          The shop owes
        </h2>
        {!data ? (
          <LoadState error={overview.error} onRetry={overview.reload} rows={1} />
        ) : (
          <p className="mt-2 text-2xl font-semibold tabular-nums text-charcoal">{owedText(data.owed)}</p>
        )}
      </section>
      <FilterForm
        key={list.key}
        label="Find a shopper"
        specs={FILTER_SPECS}
        values={list.values}
        onApply={list.apply}
      />
      {data && data.accounts.length > 0 && (
        <p className="mb-3 text-sm">
          Accounts matching:{" "}
          {data.accounts.map((a, i) => (
            <span key={a.user_id}>
              {i > 0 && ", "}
              {ledgerLink(a.user_id, `${a.name} (${a.email})`)}
            </span>
          ))}
        </p>
      )}
      {data && (
        <ListTable
          caption="Shoppers holding store credit"
          columns={COLUMNS}
          rows={data.holders.map((h, i) => ({ ...h, id: i }))}
          busy={overview.loading}
          empty={list.values.query ? "No shopper matching this search holds credit." : "No shopper holds credit."}
        />
      )}
    </>
  );
}
