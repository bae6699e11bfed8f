import type { PayNowSettings, PayNowStatsQuery } from "@store/shared";
import type { Db, Tx } from "../../db/client";
import type { ServiceLog } from "../../log";
import { createPayNowLinks } from "./link";
import { sendDueNudges } from "./send";
import { readPayNowSettings, savePayNowSettings } from "./settings";
import { payNowStats } from "./stats";

/**
 * "Pay now" nudges without HTTP (issue 43 point 3, decision 094): the job that messages confirmed cash-on-delivery
 * orders, the shopper's link (view, pay, verify), and the back office's settings and figures. The settings are
 * saved in the caller's transaction, beside its audit row.
 */
export function createPayNowService(
  db: Db,
  deps: { payments: Parameters<typeof createPayNowLinks>[1]; log: ServiceLog },
) {
  const links = createPayNowLinks(db, deps.payments, deps.log);
  return {
    sendDue: (now?: Date, only?: { orderId?: number }) => sendDueNudges(db, now, only),
    view: links.view,
    pay: links.pay,
    verify: links.verify,
    admin: {
      settings: () => readPayNowSettings(db),
      save: (tx: Tx, input: PayNowSettings) => savePayNowSettings(tx, input),
      stats: (query: PayNowStatsQuery) => payNowStats(db, query),
    },
  };
}

export type PayNowService = ReturnType<typeof createPayNowService>;
