import type { DashboardResponse } from "@store/shared";
import type { Db } from "../../db/client";
import { istPeriodStarts } from "../../lib/seller-time";
import { lowStock } from "../catalog/admin-read";
import { cartReminderFigures } from "../cart/reminder-figures";
import { openQueryCount } from "../content/open-queries";
import { orderWork, salesByDay, salesSince, topProducts } from "../orders/sales";

export function createDashboard(db: Db) {
  return {
    /**
     * `GET /api/admin/dashboard`: what to do today (orders to ship, COD orders to confirm, open queries, low
     * stock), today's and this month's sales, this month's cart reminders, the last 90 days by day and the month's best sellers (IST).
     */
    async summary(now = new Date()): Promise<DashboardResponse> {
      const starts = istPeriodStarts(now);
      const [today, month, low_stock, open_queries, work, sales_by_day, top_products, cart_reminders] =
        await Promise.all([
          salesSince(db, starts.today),
          salesSince(db, starts.month),
          lowStock(db),
          openQueryCount(db),
          orderWork(db),
          salesByDay(db, now),
          topProducts(db, now),
          cartReminderFigures(db, starts.month),
        ]);
      // Returns do not exist yet (no return requests are taken): null, which the screen shows as "-".
      return {
        today,
        month,
        low_stock,
        open_queries,
        ...work,
        returns_to_handle: null,
        sales_by_day,
        top_products,
        cart_reminders,
      };
    },
  };
}
