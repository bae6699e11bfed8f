import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, notExists, sql } from "drizzle-orm";
import { SELLER, sizePhrase, type StockAlertRequest, type StockAlertResponse } from "@store/shared";
import type { Db } from "../../db/client";
import { action, paragraph, STORE_URL_TAG } from "../../email/letter";
import { letterEmail, queueEmail } from "../../email/outbox";
import { AppError } from "../../errors";
import type { SessionUser } from "../accounts/service";
import { offeredVariant } from "../catalog/inventory";
import { loadProductCards } from "../catalog/product-cards";
import { productVariants, products } from "../catalog/tables";
import {
  createStockAlertConfirmations,
  type ConfirmationSettings,
  type StockAlertConfirmations,
} from "./stock-alert-confirmation";
import { stockAlertAddresses, stockAlerts } from "./tables";

/** One sweep queues at most this many e-mails; the next sweep takes the rest. */
const SWEEP_BATCH = 200;

/** Back-in-stock alerts with their double opt-in (decision 062); the sweep itself is `sendStockAlerts`. */
export function createStockAlerts(db: Db, settings: ConfirmationSettings) {
  const confirmations = createStockAlertConfirmations(db, settings);
  return {
    subscribe: (input: StockAlertRequest, user: SessionUser | null) => subscribeToStock(db, confirmations, input, user),
    check: confirmations.check,
    confirm: confirmations.confirm,
    deleteUnconfirmed: (now?: Date) => deleteUnconfirmedStockAlerts(db, settings.pendingMs, now),
  };
}

/**
 * "E-mail me when it is back" on a sold-out size. A signed-in shopper's alert goes to the address given, or
 * the account's; a guest must give one. Asking twice is one subscription (200 rather than 201). It waits for
 * its address to be confirmed (the link e-mailed by `confirmations.ask`), unless that is the signed-in
 * shopper's verified account address. The answer is the same whether an address is confirmed or not, so it
 * tells a stranger nothing about anyone's address.
 */
async function subscribeToStock(
  db: Db,
  confirmations: StockAlertConfirmations,
  input: StockAlertRequest,
  user: SessionUser | null,
): Promise<{ created: boolean; answer: StockAlertResponse }> {
  const email = (input.email ?? user?.email)?.toLowerCase();
  if (!email)
    throw new AppError("bad_request", "email is required", "VALIDATION_ERROR", [
      { path: "email", message: "email is required" },
    ]);
  const [card] = await loadProductCards(db, [input.product_pk], "USD");
  if (!card?.is_active) throw new AppError("not_found", "Product not found");
  const variant = await offeredVariant(db, input.product_pk, input.size);
  if (!variant)
    throw new AppError("not_found", `This product is not available in size ${input.size}`, "SIZE_NOT_AVAILABLE");
  if (variant.stock > 0) throw new AppError("conflict", "This size is in stock: you can order it now", "SIZE_IN_STOCK");

  const ownVerified = Boolean(user?.emailVerifiedAt) && email === user?.email.toLowerCase();
  const created = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(stockAlerts)
      .values({ variantId: variant.id, email, userId: user?.id ?? null })
      .onConflictDoNothing()
      .returning({ id: stockAlerts.id });
    if (ownVerified) await confirmations.confirmVerified(tx, email);
    else await confirmations.ask(tx, email, { name: card.product_name, size: input.size }, new Date());
    return inserted.length > 0;
  });
  const size = sizePhrase(input.size, false);
  return {
    created,
    answer: {
      message: ownVerified
        ? `We will e-mail you at ${email} when ${size} is back.`
        : `Thank you. If ${email} is new to our alerts, please confirm it with the link we are e-mailing it; then we will write once when ${size} is back.`,
      email,
      size: input.size,
    },
  };
}

/**
 * The job behind the alerts: subscriptions of confirmed addresses whose size is on sale again (in stock,
 * still offered, product active), whatever put the stock back (the seller's form, a cancellation, a return),
 * are deleted and their e-mails queued in one transaction, so each subscriber hears exactly once. Rows are
 * claimed with SKIP LOCKED, so two overlapping sweeps never send one twice. The e-mail goes out even to an
 * address that turned order updates off: its owner confirmed asking for this one message, and it ends the
 * subscription.
 */
export async function sendStockAlerts(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: stockAlerts.id,
        email: stockAlerts.email,
        productId: products.id,
        name: products.name,
        size: productVariants.size,
      })
      .from(stockAlerts)
      .innerJoin(productVariants, eq(productVariants.id, stockAlerts.variantId))
      .innerJoin(products, eq(products.id, productVariants.productId))
      .innerJoin(
        stockAlertAddresses,
        and(eq(stockAlertAddresses.email, stockAlerts.email), isNotNull(stockAlertAddresses.confirmedAt)),
      )
      .where(and(gt(productVariants.stock, 0), eq(productVariants.offered, true), eq(products.isActive, true)))
      .orderBy(asc(stockAlerts.id))
      .limit(SWEEP_BATCH)
      .for("update", { of: stockAlerts, skipLocked: true });
    if (due.length === 0) return 0;
    await tx.delete(stockAlerts).where(
      inArray(
        stockAlerts.id,
        due.map((alert) => alert.id),
      ),
    );
    for (const alert of due) await queueEmail(tx, backInStockEmail(alert));
    return due.length;
  });
}

/**
 * Housekeeping: alerts whose address was never confirmed, older than a confirmation link lasts, and the
 * addresses left with no alert and no confirmation. Confirmed addresses stay confirmed.
 */
async function deleteUnconfirmedStockAlerts(db: Db, pendingMs: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - pendingMs);
  const confirmed = db
    .select({ one: sql`1` })
    .from(stockAlertAddresses)
    .where(and(eq(stockAlertAddresses.email, stockAlerts.email), isNotNull(stockAlertAddresses.confirmedAt)));
  const expired = await db
    .delete(stockAlerts)
    .where(and(lt(stockAlerts.createdAt, before), notExists(confirmed)))
    .returning({ id: stockAlerts.id });
  await db.delete(stockAlertAddresses).where(
    and(
      isNull(stockAlertAddresses.confirmedAt),
      lt(stockAlertAddresses.createdAt, before),
      notExists(
        db
          .select({ one: sql`1` })
          .from(stockAlerts)
          .where(eq(stockAlerts.email, stockAlertAddresses.email)),
      ),
    ),
  );
  return expired.length;
}

function backInStockEmail(alert: { email: string; productId: number; name: string; size: string }) {
  const size = sizePhrase(alert.size, false);
  return letterEmail(alert.email, `${alert.name} is back in ${size} at ${SELLER.brand}`, {
    preview: `${alert.name} in ${size} is back in stock`,
    greeting: "Namaste,",
    blocks: [
      paragraph(
        `${alert.name} is back in ${size}. Pieces are few and made by hand, so it may sell out again; we will not write again about it.`,
      ),
      action(`See it in ${size}`, `${STORE_URL_TAG}/product/${alert.productId}?size=${alert.size}`),
      paragraph("You asked us to tell you once, and we have: your alert for this size has ended."),
    ],
  });
}
