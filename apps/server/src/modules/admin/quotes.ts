import type { z } from "zod";
import type { quoteAnswerSchema, QuoteView } from "@store/shared";
import type { Db, Tx } from "../../db/client";
import type { SessionUser } from "../accounts/service";
import type { QuoteService } from "../quotes/service";
import { recordAudit } from "./audit";

/** The seller's side of quotes (decision 101): read, price and send, or decline; each write with its audit row. */
export function createQuotesAdmin(db: Db, quotes: QuoteService) {
  const audited =
    (action: string, write: (tx: Tx) => Promise<{ before: QuoteView; after: QuoteView }>) =>
    (actor: SessionUser, id: number): Promise<QuoteView> =>
      db.transaction(async (tx) => {
        const { before, after } = await write(tx);
        await recordAudit(tx, actor, { action, entity: "quote", entityId: id, before, after });
        return after;
      });
  return {
    list: quotes.admin.list,
    get: quotes.admin.get,
    proforma: quotes.admin.proforma,
    send: (actor: SessionUser, id: number, input: z.output<typeof quoteAnswerSchema>) =>
      audited("quote:send", (tx) => quotes.admin.send(tx, id, input))(actor, id),
    decline: (actor: SessionUser, id: number, reason: string) =>
      audited("quote:decline", (tx) => quotes.admin.decline(tx, id, reason))(actor, id),
  };
}
