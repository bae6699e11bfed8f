import type { DashboardResponse } from "@store/shared";
import type { Db } from "../../db/client";
import { istPeriodStarts } from "../../lib/seller-time";
import { lowStock } from "../catalog/admin-read";
import { openQueryCount } from "../content/open-queries";
import { salesSince } from "../orders/sales";

export function createDashboard(db: Db) {
  return {
    /** `GET /api/admin/dashboard`: today's and this month's orders and revenue, low stock, open queries. */
    async summary(now = new Date()): Promise<DashboardResponse> {
      const starts = istPeriodStarts(now);
      const [today, month, low_stock, open_queries] = await Promise.all([
        salesSince(db, starts.today),
        salesSince(db, starts.month),
        lowStock(db),
        openQueryCount(db),
      ]);
      return { today, month, low_stock, open_queries };
    },
  };
}
