import {
  CATEGORIES,
  formatMoney,
  LOW_STOCK_THRESHOLD,
  sizeLabel,
  type AdminProductListItem,
  type AdminProductListResponse,
} from "@store/shared";
import { Link } from "react-router";
import { adminMeta } from "../../components/admin/admin-meta";
import { FilterForm, type FilterSpec } from "../../components/admin/filter-form";
import { categoryName } from "../../components/admin/category-name";
import { yesNo } from "../../components/admin/format";
import { ListTable, LoadState, Pager, type Column } from "../../components/admin/list-table";
import { PageHeader } from "../../components/admin/page-header";
import { inrText } from "../../components/admin/product-inr";
import { ProductListingOrder } from "../../components/admin/product-listing-order";
import { BUTTON_PRIMARY } from "../../components/admin/styles";
import { useAdminResource } from "../../components/admin/use-admin-resource";
import { useListParams } from "../../components/admin/use-list-params";

export function meta() {
  return adminMeta("Products");
}

const PAGE_SIZE = 25;
const FILTERS = ["query", "category_pk", "is_active", "low_stock"] as const;

const FILTER_SPECS: FilterSpec<(typeof FILTERS)[number]>[] = [
  { name: "query", label: "Name or code", kind: "text", placeholder: "e.g. kaftan or 1042" },
  {
    name: "category_pk",
    label: "Category",
    kind: "select",
    options: [
      { value: "", label: "All categories" },
      ...CATEGORIES.map((c) => ({ value: String(c.id), label: c.name })),
    ],
  },
  {
    name: "is_active",
    label: "Shown in shop",
    kind: "select",
    options: [
      { value: "", label: "Active and inactive" },
      { value: "true", label: "Active only" },
      { value: "false", label: "Inactive only" },
    ],
  },
  {
    name: "low_stock",
    label: "Stock",
    kind: "select",
    options: [
      { value: "", label: "Any stock" },
      { value: "true", label: `Low stock (${LOW_STOCK_THRESHOLD} or fewer in a size)` },
    ],
  },
];

const COLUMNS: Column<AdminProductListItem>[] = [
  {
    header: "Product",
    cell: (p) => (
      <Link
        to={`/admin/products/${p.id}`}
        className="flex items-center gap-3 text-indigo-ink underline-offset-4 hover:underline"
      >
        {p.main_image ? (
          <img src={p.main_image} alt="" className="h-10 w-10 flex-none rounded object-cover" />
        ) : (
          <span className="h-10 w-10 flex-none rounded bg-linen" />
        )}
        <span className="max-w-xs whitespace-normal">{p.product_name}</span>
      </Link>
    ),
  },
  { header: "Code", cell: (p) => p.product_code },
  {
    header: "Price (USD / INR)",
    cell: (p) =>
      p.offer_price === null ? (
        "None"
      ) : (
        <span className="whitespace-nowrap">
          {formatUsd(p.offer_price)} <span className="text-charcoal/60">/</span> {inrText(p.offer_price)}
        </span>
      ),
    className: "tabular-nums",
  },
  { header: "Category", cell: (p) => categoryName(p.category) },
  {
    header: "Active",
    cell: (p) => <span className={p.is_active ? "" : "font-semibold text-madder"}>{yesNo(p.is_active)}</span>,
  },
  { header: "Top selling", cell: (p) => yesNo(p.top_selling) },
  { header: "Sizes", cell: (p) => p.sizes.map(sizeLabel).join(", ") || "None" },
  {
    header: "Stock",
    cell: (p) => <span className={p.stock === 0 ? "font-semibold text-madder" : ""}>{p.stock}</span>,
    className: "text-right tabular-nums",
  },
];

/** The seller's price with its cents ($26.46); the shop itself shows USD without decimals. */
const formatUsd = (usd: number) => (Number.isInteger(usd) ? formatMoney(usd, "USD") : `$${usd.toFixed(2)}`);

/** Every product, inactive ones included, newest first; search by name or code, or the low-stock ones. */
export default function Products() {
  const list = useListParams(FILTERS);
  const products = useAdminResource<AdminProductListResponse>("/api/admin/products", {
    ...list.values,
    page: list.page,
    page_size: PAGE_SIZE,
  });
  const data = products.data;
  return (
    <>
      <PageHeader
        title="Products"
        actions={
          <Link to="/add_items" className={BUTTON_PRIMARY}>
            Add product
          </Link>
        }
      />
      <ProductListingOrder />
      <FilterForm key={list.key} label="Find products" specs={FILTER_SPECS} values={list.values} onApply={list.apply} />
      {!data ? (
        <LoadState error={products.error} onRetry={products.reload} />
      ) : (
        <>
          {products.error && (
            <p role="alert" className="mb-3 text-madder">
              {products.error}
            </p>
          )}
          <ListTable
            caption="Products"
            columns={COLUMNS}
            rows={data.data}
            busy={products.loading}
            empty="No product matches these filters."
          />
          <Pager label="Products" page={data.page} pageSize={data.page_size} total={data.total} onPage={list.goTo} />
        </>
      )}
    </>
  );
}
