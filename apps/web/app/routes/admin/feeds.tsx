import { FEED_EXCLUSION_TEXT, type AdminFeedsResponse } from "@store/shared";
import { Link } from "react-router";
import { adminMeta } from "../../components/admin/admin-meta";
import { formatWhen } from "../../components/admin/format";
import { ListTable, LoadState } from "../../components/admin/list-table";
import { PageHeader } from "../../components/admin/page-header";
import { SECTION_TITLE } from "../../components/admin/styles";
import { useAdminResource } from "../../components/admin/use-admin-resource";

export function meta() {
  return adminMeta("Product feeds");
}

const FORMAT_NAMES = { google: "Google Merchant Center", meta: "Meta catalogue (Facebook, Instagram, WhatsApp)" };

/**
 * The product feeds (issue 45, decision 103): the address to give each channel, when the feed was last built
 * (it is built again whenever the catalogue changes) and how many products it holds, then the products every
 * feed leaves out and why, each linked to its edit page.
 */
export default function Feeds() {
  const feeds = useAdminResource<AdminFeedsResponse>("/api/admin/feeds");
  const data = feeds.data;
  return (
    <>
      <PageHeader
        title="Product feeds"
        lead="Give these addresses to Google Merchant Center and Meta Commerce Manager. They are rebuilt whenever a product, price, stock or picture changes."
      />
      {!data ? (
        <LoadState error={feeds.error} onRetry={feeds.reload} />
      ) : (
        <div className="space-y-8">
          <section aria-labelledby="feeds-list">
            <h2 id="feeds-list" className={`${SECTION_TITLE} mb-3`}>
              Feeds
            </h2>
            <ListTable
              caption="Product feeds"
              empty="No feeds."
              rows={data.feeds.map((f, i) => ({ ...f, id: i }))}
              columns={[
                { header: "Channel", cell: (f) => FORMAT_NAMES[f.format] },
                { header: "Prices", cell: (f) => `${f.currency} (${f.country})` },
                {
                  header: "Address",
                  cell: (f) => (
                    <a className="break-all text-indigo-ink underline" href={f.url}>
                      {f.url}
                    </a>
                  ),
                },
                { header: "Built", cell: (f) => formatWhen(f.built_at) },
                { header: "Products", cell: (f) => f.products, className: "tabular-nums" },
                { header: "Items (sizes)", cell: (f) => f.items, className: "tabular-nums" },
              ]}
            />
            <p className="mt-2 text-sm text-charcoal/80">
              The dollar feeds carry shipping to the United States; add <code>&amp;country=GB</code> (or any country the
              shop ships to) for another country&rsquo;s shipping.
            </p>
          </section>
          <section aria-labelledby="feeds-excluded">
            <h2 id="feeds-excluded" className={`${SECTION_TITLE} mb-3`}>
              Left out ({data.excluded.length})
            </h2>
            <ListTable
              caption="Products left out of the feeds"
              empty="Every product is in the feeds."
              rows={data.excluded.map((e) => ({ ...e, id: e.product_id }))}
              columns={[
                {
                  header: "Product",
                  cell: (e) => (
                    <Link className="font-semibold text-indigo-ink underline" to={`/admin/products/${e.product_id}`}>
                      {e.product_code} {e.name}
                    </Link>
                  ),
                },
                { header: "Why", cell: (e) => e.reasons.map((r) => FEED_EXCLUSION_TEXT[r]).join(", ") },
              ]}
            />
          </section>
        </div>
      )}
    </>
  );
}
