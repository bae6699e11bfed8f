import { and, asc, eq, gt, inArray } from "drizzle-orm";
import { SELLER, sizePhrase, type StockAlertRequest, type StockAlertResponse } from "@store/shared";
import type { Db } from "../../db/client";
import { action, paragraph, STORE_URL_TAG } from "../../email/letter";
import { letterEmail, queueEmail } from "../../email/outbox";
import { AppError } from "../../errors";
import type { SessionUser } from "../accounts/service";
import { offeredVariant } from "../catalog/inventory";
import { loadProductCards } from "../catalog/product-cards";
import { productVariants, products } from "../catalog/tables";
import { stockAlerts } from "./tables";

/** One sweep queues at most this many e-mails; the next sweep takes the rest. */
const SWEEP_BATCH = 200;

/**
 * "E-mail me when it is back" on a sold-out size. A signed-in shopper's alert goes to the address given, or
 * the account's; a guest must give one. Asking twice is one subscription (200 rather than 201).
 */
export async function subscribeToStock(
  db: Db,
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

  const inserted = await db
    .insert(stockAlerts)
    .values({ variantId: variant.id, email, userId: user?.id ?? null })
    .onConflictDoNothing()
    .returning({ id: stockAlerts.id });
  return {
    created: inserted.length > 0,
    answer: {
      message: `We will e-mail you at ${email} when ${sizePhrase(input.size, false)} is back.`,
      email,
      size: input.size,
    },
  };
}

/**
 * The job behind the alerts: subscriptions whose size is on sale again (in stock, still offered, product
 * active), whatever put the stock back (the seller's form, a cancellation, a return), are deleted and their
 * e-mails queued in one transaction, so each subscriber hears exactly once. Rows are claimed with SKIP LOCKED,
 * so two overlapping sweeps never send one twice. The e-mail goes out even to an address that turned order
 * updates off: the shopper asked for this one message, and it ends the subscription.
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
