import type { DashboardResponse } from "@store/shared";
import type { Db } from "../../db/client";
import { istDayOf, istPeriodStarts } from "../../lib/seller-time";
import { lowStock } from "../catalog/admin-read";
import { cartReminderFigures } from "../cart/reminder-figures";
import { openQueryCount } from "../content/open-queries";
import { taxNotices } from "../invoices/notices";
import { orderWork, salesByDay, salesSince, topProducts } from "../orders/sales";
import { returnsToHandle } from "../returns/views";
import { createDeliveryOutcomes } from "../shipping/delivery-outcomes";

export function createDashboard(db: Db) {
  const outcomes = createDeliveryOutcomes(db);
  return {
    /**
     * `GET /api/admin/dashboard`: what to do today (orders to ship, COD orders to confirm, orders flagged,
     * returns waiting for a decision, a check or a transfer, open queries, low stock, tax notices), today's and
     * this month's sales, this month's cart reminders and RTO rate with its freight, the last 90 days by day and
     * the month's best sellers (IST).
     */
    async summary(now = new Date()): Promise<DashboardResponse> {
      const starts = istPeriodStarts(now);
      const [
        today,
        month,
        low_stock,
        open_queries,
        work,
        sales_by_day,
        top_products,
        cart_reminders,
        returns,
        tax_notices,
        delivery_outcomes,
      ] = await Promise.all([
        salesSince(db, starts.today, now),
        salesSince(db, starts.month, now),
        lowStock(db),
        openQueryCount(db),
        orderWork(db),
        salesByDay(db, now),
        topProducts(db, now),
        cartReminderFigures(db, starts.month),
        returnsToHandle(db),
        taxNotices(db, istDayOf(now)),
        outcomes.since(starts.month, now),
      ]);
      return {
        today,
        month,
        low_stock,
        open_queries,
        ...work,
        returns_to_handle: returns,
        sales_by_day,
        top_products,
        cart_reminders,
        tax_notices,
        delivery_outcomes,
      };
    },
  };
}
