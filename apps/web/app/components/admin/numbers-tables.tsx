import type { NumbersQuery, NumbersReport } from "@store/shared";
import type { ReactNode } from "react";
import { CsvExportButton } from "./csv-export-button";
import { ListTable, type Column } from "./list-table";
import { SECTION_TITLE } from "./styles";

type Row<K extends keyof NumbersReport> = NumbersReport[K] extends readonly (infer R)[] ? R & { id: number } : never;
const NUM = "text-right tabular-nums";
const dash = (text: string) => text || "–";

const FUNNEL: Column<Row<"funnel">>[] = [
  { header: "Day", cell: (d) => d.day },
  { header: "Visits", cell: (d) => d.visits, className: NUM },
  { header: "Product views", cell: (d) => d.product_views, className: NUM },
  { header: "Added to cart", cell: (d) => d.add_to_cart, className: NUM },
  { header: "Checkout", cell: (d) => d.checkout_started, className: `hidden sm:table-cell ${NUM}` },
  { header: "Paid", cell: (d) => d.paid, className: NUM },
];
const NO_RESULTS: Column<Row<"searches_without_results">>[] = [
  { header: "Search", cell: (s) => s.query },
  { header: "Times", cell: (s) => s.searches, className: NUM },
];
const WITH_SALES: Column<Row<"searches_with_sales">>[] = [
  { header: "Search", cell: (s) => s.query },
  { header: "Orders", cell: (s) => s.sales, className: NUM },
];
const VIEWED: Column<Row<"viewed_not_bought">>[] = [
  { header: "Product", cell: (p) => p.name },
  { header: "Views", cell: (p) => p.views, className: NUM },
  { header: "Orders", cell: (p) => p.bought, className: NUM },
];
const SOURCES: Column<Row<"sources">>[] = [
  { header: "Came from", cell: (s) => dash(s.referrer_host) },
  {
    header: "Source / medium",
    cell: (s) => `${dash(s.utm_source)} / ${dash(s.utm_medium)}`,
    className: "hidden sm:table-cell",
  },
  { header: "Campaign", cell: (s) => dash(s.utm_campaign) },
  { header: "Visits", cell: (s) => s.visits, className: NUM },
  { header: "Paid", cell: (s) => s.paid, className: NUM },
];

function Table<T extends { id: number }>(props: {
  id: string;
  title: string;
  lead: ReactNode;
  file: string;
  query: NumbersQuery;
  columns: Column<T>[];
  rows: Omit<T, "id">[];
  empty: string;
  busy: boolean;
}) {
  return (
    <section aria-labelledby={props.id} className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={props.id} className={SECTION_TITLE}>
            {props.title}
          </h2>
          <p className="text-sm text-charcoal/80">{props.lead}</p>
        </div>
        <CsvExportButton
          path={`/api/admin/numbers/${props.file}.csv`}
          filters={{ ...props.query }}
          what={props.title}
        />
      </div>
      <ListTable
        caption={props.title}
        columns={props.columns}
        rows={props.rows.map((row, i) => ({ ...row, id: i }) as T)}
        busy={props.busy}
        empty={props.empty}
      />
    </section>
  );
}

/** The report's five tables, each with its CSV. */
export function NumbersTables({ report, query, busy }: { report: NumbersReport; query: NumbersQuery; busy: boolean }) {
  const common = { query, busy };
  return (
    <div className="space-y-8">
      <Table
        {...common}
        id="numbers-funnel"
        title="Funnel by day"
        lead="Visits (one per shopper and day), how many of them viewed a product, added to the cart and opened the checkout, and orders paid or confirmed."
        file="funnel"
        columns={FUNNEL}
        rows={report.funnel}
        empty="No visits in this period."
      />
      <Table
        {...common}
        id="numbers-no-results"
        title="Searches with no results"
        lead="What shoppers looked for and did not find: a product to make, or a word to add to a description."
        file="searches-without-results"
        columns={NO_RESULTS}
        rows={report.searches_without_results}
        empty="Every search found something."
      />
      <Table
        {...common}
        id="numbers-search-sales"
        title="Searches that led to a sale"
        lead="A product the search showed was bought in the same visit."
        file="searches-with-sales"
        columns={WITH_SALES}
        rows={report.searches_with_sales}
        empty="No sale followed a search in this period."
      />
      <Table
        {...common}
        id="numbers-viewed"
        title="Viewed often, rarely bought"
        lead="Products viewed at least 3 times, the fewest orders per view first: look at their price, photos and sizes."
        file="viewed-not-bought"
        columns={VIEWED}
        rows={report.viewed_not_bought}
        empty="No product was viewed 3 times in this period."
      />
      <Table
        {...common}
        id="numbers-sources"
        title="Where shoppers came from"
        lead="The site that sent them and the UTM tags of your link (add ?utm_source=whatsapp&utm_campaign=... to the links you post), with the orders paid from those visits."
        file="sources"
        columns={SOURCES}
        rows={report.sources}
        empty="No visits in this period."
      />
    </div>
  );
}
