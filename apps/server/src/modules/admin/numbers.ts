import type { NumbersQuery, NumbersReport, NumbersSettings } from "@store/shared";
import type { Db } from "../../db/client";
import { toCsv, type CsvCell } from "../../lib/csv";
import type { SessionUser } from "../accounts/service";
import { readNumbersSettings, writeNumbersSettings, type NumbersService } from "../numbers/service";
import { recordAudit } from "./audit";

type Table = "funnel" | "searches-without-results" | "searches-with-sales" | "viewed-not-bought" | "sources";

/** Each table of the report as a CSV: its header and its rows, the same figures as the screen. */
const CSV_TABLES: Record<Table, (report: NumbersReport) => [string[], CsvCell[][]]> = {
  funnel: (r) => [
    ["day", "visits", "product_views", "add_to_cart", "checkout_started", "paid"],
    r.funnel.map((d) => [d.day, d.visits, d.product_views, d.add_to_cart, d.checkout_started, d.paid]),
  ],
  "searches-without-results": (r) => [
    ["query", "searches"],
    r.searches_without_results.map((s) => [s.query, s.searches]),
  ],
  "searches-with-sales": (r) => [["query", "sales"], r.searches_with_sales.map((s) => [s.query, s.sales])],
  "viewed-not-bought": (r) => [
    ["product_id", "name", "views", "bought"],
    r.viewed_not_bought.map((p) => [p.product_id, p.name, p.views, p.bought]),
  ],
  sources: (r) => [
    ["referrer_host", "utm_source", "utm_medium", "utm_campaign", "visits", "paid"],
    r.sources.map((s) => [s.referrer_host, s.utm_source, s.utm_medium, s.utm_campaign, s.visits, s.paid]),
  ],
};

/** The seller's numbers (decision 105) for the back office: owner-only, the settings' change audited. */
export function createNumbersAdmin(db: Db, numbers: NumbersService) {
  const settingsView = async (): Promise<NumbersSettings> => ({
    retention_days: (await readNumbersSettings(db)).retentionDays,
  });
  return {
    report: (query: NumbersQuery) => numbers.report(query),
    async csv(query: NumbersQuery, table: Table): Promise<string> {
      const [header, rows] = CSV_TABLES[table](await numbers.report(query));
      return toCsv(header, rows);
    },
    settings: settingsView,
    async writeSettings(actor: SessionUser, input: NumbersSettings): Promise<NumbersSettings> {
      await db.transaction(async (tx) => {
        const { before, after } = await writeNumbersSettings(tx, input);
        await recordAudit(tx, actor, { action: "update", entity: "numbers_settings", entityId: 1, before, after });
      });
      return settingsView();
    },
  };
}
