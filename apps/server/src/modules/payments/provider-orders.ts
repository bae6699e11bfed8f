import { eq } from "drizzle-orm";
import { MESSAGES, type Currency } from "@store/shared";
import type { Db } from "../../db/client";
import { refusal } from "../../errors";
import type { ServiceLog } from "../../log";
import type { OrderRow } from "../orders/transitions";
import { toPayOnline } from "../orders/refund-policy";
import { ProviderError, type PaymentProvider } from "./provider";
import { payments } from "./tables";

/**
 * The provider's order for ours, created once. Never inside a transaction: no lock is held across the
 * network. Two tabs racing here may each create one at the provider; the first stored wins and the
 * other stays unused (an unpaid provider order costs nothing and expires). Answers its id; a provider that
 * fails is a Refusal, thrown.
 */
export async function providerOrderFor(
  db: Db,
  order: OrderRow,
  provider: PaymentProvider,
  log: ServiceLog,
  /** The order was written by this request: it has no provider order yet, so none is looked for. */
  newOrder = false,
): Promise<string> {
  const stored = async () => (await db.select().from(payments).where(eq(payments.orderId, order.id)))[0];
  const known = newOrder ? undefined : await stored();
  if (known) return known.providerOrderId;
  // The provider charges what the store credit left to pay (decision 088), or cash on delivery's advance (093).
  const amount = toPayOnline(order);
  let created: { id: string; raw: unknown };
  try {
    created = await provider.createOrder({
      orderId: order.id,
      amount,
      currency: order.currency as Currency,
      requestId: order.idempotencyKey,
    });
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    log.error({ err, body: err.body, orderId: order.id }, `${provider.name} refused to create an order`);
    throw refusal("unavailable", "PROVIDER_ERROR", MESSAGES.orderCreationFailed);
  }
  const [inserted] = await db
    .insert(payments)
    .values({
      orderId: order.id,
      provider: provider.name,
      providerOrderId: created.id,
      amount,
      currency: order.currency,
      raw: created.raw,
    })
    .onConflictDoNothing()
    .returning();
  // Nothing inserted: a racing request stored its provider order first, and that one stands.
  const row = inserted ?? (await stored());
  if (!row) throw new Error(`no payment row for order ${order.id}`);
  return row.providerOrderId;
}
