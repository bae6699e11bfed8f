import {
  CATEGORIES,
  CURRENCIES,
  decimalText,
  type SalesReportQuery,
  type SalesReportResponse,
  type SalesReportRow,
} from "@store/shared";
import type { Db } from "../../db/client";
import { toCsv } from "../../lib/csv";
import { istDayEnd, istDayStart } from "../../lib/seller-time";
import { salesFigures, type SalesFigures } from "./sales-ledger";

/** One line of the report: sold, taken back and what remains (net), from the sales ledger's figures. */
function row(f: SalesFigures, label = f.label): SalesReportRow {
  return {
    key: f.key,
    label,
    currency: f.currency,
    orders: f.orders,
    pieces: f.piecesSold - f.piecesBack,
    sold_minor: f.sold,
    taken_back_minor: f.takenBack,
    revenue_minor: f.sold - f.takenBack,
  };
}

/**
 * The sales report (issue 13, point 11; decision 059): orders count on the IST day they were confirmed, at their
 * total then, and what is taken back from them (pieces cancelled, a cancellation less its fee, goods returned,
 * a parcel returned undelivered, a whole refund) on its own day, as the GST figures net credit notes. Unplaced
 * checkouts never count.
 */
export function createSalesReport(db: Db) {
  async function lines(q: SalesReportQuery): Promise<SalesReportRow[]> {
    const figures = await salesFigures(db, q.group, istDayStart(q.from), istDayEnd(q.to));
    if (q.group === "day") return figures.map((f) => row(f));
    if (q.group === "category")
      return figures.map((f) =>
        row(f, CATEGORIES.find((c) => String(c.id) === f.key)?.name ?? "Unknown (product removed)"),
      );
    return figures
      .map((f) => row(f))
      .sort((a, b) => b.revenue_minor - a.revenue_minor || a.label.localeCompare(b.label));
  }

  async function totals(q: SalesReportQuery): Promise<SalesReportResponse["totals"]> {
    const figures = await salesFigures(db, "currency", istDayStart(q.from), istDayEnd(q.to));
    return CURRENCIES.map((currency) => {
      const f = figures.find((t) => t.currency === currency);
      const {
        key: _key,
        label: _label,
        ...total
      } = row(f ?? { key: "", label: "", currency, orders: 0, piecesSold: 0, piecesBack: 0, sold: 0, takenBack: 0 });
      return total;
    });
  }

  return {
    /** `GET /api/admin/sales` */
    async report(q: SalesReportQuery): Promise<SalesReportResponse> {
      const [data, sums] = await Promise.all([lines(q), totals(q)]);
      return { from: q.from, to: q.to, group: q.group, data, totals: sums };
    },

    /** `GET /api/admin/sales.csv`: the report's lines, amounts in major units (rupees, dollars). */
    async csv(q: SalesReportQuery): Promise<string> {
      const data = await lines(q);
      const numbers = (r: SalesReportRow) => [
        r.currency,
        r.orders,
        r.pieces,
        decimalText(r.sold_minor),
        decimalText(r.taken_back_minor),
        decimalText(r.revenue_minor),
      ];
      const tail = ["currency", "orders", "pieces", "sold", "taken_back", "net"];
      if (q.group === "day")
        return toCsv(
          ["day", ...tail],
          data.map((r) => [r.key, ...numbers(r)]),
        );
      const head = q.group === "product" ? ["product_id", "product_name"] : ["category_id", "category"];
      return toCsv(
        [...head, ...tail],
        data.map((r) => [r.key, r.label, ...numbers(r)]),
      );
    },
  };
}
