import {
  and,
  asc,
  eq,
  exists,
  gt,
  isNotNull,
  isNull,
  lte,
  not,
  notExists,
  or,
  sql,
  TransactionRollbackError,
} from "drizzle-orm";
import { formatMoney, priceIn, SELLER, type Currency } from "@store/shared";
import type { Limit } from "../../config";
import type { Db, Tx } from "../../db/client";
import { limitReached, takeFromLimit } from "../../db/rate-counters";
import { action, lines, paragraph } from "../../email/letter";
import { letterEmail, queueEmail } from "../../email/outbox";
import { accountContact, emailContact, isOptedOut } from "../accounts/notification-preferences";
import { isProvenAddress } from "../accounts/proven-addresses";
import { users } from "../accounts/tables";
import { productVariants, products } from "../catalog/tables";
import type { ReminderLinks } from "./reminder-links";
import { cartLines, cartReminders, carts, type RemindedPiece } from "./tables";

/** A cart left alone this long gets its reminder. */
export const REMIND_AFTER_HOURS = 24;
/**
 * ...but not one left longer than this: the first sweep after deploying must not write to every cart
 * abandoned months ago, and a reminder days late is more puzzling than helpful.
 */
export const REMIND_WITHIN_HOURS = 72;
/** Carts looked at per sweep; the rest wait for the next one (every ten minutes). */
const SWEEP_BATCH = 200;

const hoursBefore = (now: Date, hours: number) => new Date(now.getTime() - hours * 3_600_000);

/** The cart's pieces still for sale (active product, size offered, in stock), quantities capped by stock. */
export async function piecesForSale(tx: Tx, cartId: string) {
  const rows = await tx
    .select({
      productId: cartLines.productId,
      size: cartLines.size,
      notes: cartLines.notes,
      quantity: cartLines.quantity,
      name: products.name,
      offerCents: productVariants.offerPriceCents,
      stock: productVariants.stock,
    })
    .from(cartLines)
    .innerJoin(products, and(eq(products.id, cartLines.productId), eq(products.isActive, true)))
    .innerJoin(
      productVariants,
      and(
        eq(productVariants.productId, cartLines.productId),
        eq(productVariants.size, cartLines.size),
        eq(productVariants.offered, true),
        gt(productVariants.stock, 0),
      ),
    )
    .where(eq(cartLines.cartId, cartId))
    .orderBy(asc(cartLines.id));
  // A product's direct-buy and ordinary lines of one size are one piece in the e-mail; other notes, another piece.
  const pieces = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    const key = JSON.stringify([row.productId, row.size, row.notes]);
    const had = pieces.get(key);
    pieces.set(key, { ...row, quantity: Math.min((had?.quantity ?? 0) + row.quantity, row.stock) });
  }
  return [...pieces.values()];
}

type Candidate = { cartId: string; userId: number | null; email: string; firstName: string | null; currency: Currency };

/** The rate counter of reminders to one address, whichever carts name it (db/rate-counters.ts). */
const CAP_KEY = "cart-reminder:";

/**
 * Carts with lines, left alone between REMIND_AFTER_HOURS and REMIND_WITHIN_HOURS before `now`, with a
 * proven address (a verified account's, or one that completed an order) whose cap of reminders is not
 * reached, and no open reminder; a cart whose reminder an order recovered counts again only once it changed
 * after that order. `email` narrows it to one shopper.
 */
async function candidates(db: Db, now: Date, cap: Limit, email?: string): Promise<Candidate[]> {
  const address = sql<string>`coalesce(${users.email}, ${carts.checkoutEmail})`;
  return db
    .select({
      cartId: carts.id,
      userId: carts.userId,
      email: address,
      firstName: users.firstName,
      currency: carts.currency,
    })
    .from(carts)
    .leftJoin(users, eq(users.id, carts.userId))
    .where(
      and(
        lte(carts.updatedAt, hoursBefore(now, REMIND_AFTER_HOURS)),
        gt(carts.updatedAt, hoursBefore(now, REMIND_WITHIN_HOURS)),
        sql`${address} is not null`,
        email ? sql`lower(${address}) = ${emailContact(email)}` : undefined,
        isProvenAddress(address),
        // Left out rather than refused one by one, so carts naming a capped address never crowd out the rest.
        not(limitReached(sql`${CAP_KEY} || lower(${address})`, cap, now)),
        exists(
          db
            .select({ one: sql`1` })
            .from(cartLines)
            .where(eq(cartLines.cartId, carts.id)),
        ),
        // A cart holding an accepted quote is the quote's (decision 101): it has its own validity, and a restore
        // into it would be refused.
        notExists(
          db
            .select({ one: sql`1` })
            .from(cartLines)
            .where(and(eq(cartLines.cartId, carts.id), isNotNull(cartLines.quoteId))),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(cartReminders)
            .where(
              and(
                eq(cartReminders.cartId, carts.id),
                or(isNull(cartReminders.recoveredAt), sql`${cartReminders.recoveredAt} >= ${carts.updatedAt}`),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(carts.updatedAt), asc(carts.id))
    .limit(SWEEP_BATCH);
}

/**
 * One sweep: each candidate cart in its own transaction, re-checked under its lock (the shopper may have
 * come back meanwhile). A cart whose owner opted out of e-mail, or with nothing left to buy, gets nothing
 * and is not marked, so a restock inside the window can still bring its reminder. The reminder row, its
 * e-mail and its count against the address's cap commit together; the partial unique index makes a racing
 * replica's second one a no-op, and the cap's row lock makes two carts of one address take turns.
 * `now` is an argument so tests (and the simulator's clock route) can sweep as of a later time.
 */
export async function sendCartReminders(
  db: Db,
  links: ReminderLinks,
  cap: Limit,
  now: Date = new Date(),
  scope: { email?: string } = {},
): Promise<number> {
  let sent = 0;
  for (const cart of await candidates(db, now, cap, scope.email)) {
    const remindedNow = await db
      .transaction(async (tx) => {
        const [still] = await tx
          .select({ updatedAt: carts.updatedAt })
          .from(carts)
          .where(eq(carts.id, cart.cartId))
          .for("update");
        if (!still || still.updatedAt > hoursBefore(now, REMIND_AFTER_HOURS)) return false;
        const contacts = [emailContact(cart.email), ...(cart.userId === null ? [] : [accountContact(cart.userId)])];
        if (await isOptedOut(tx, "email", contacts)) return false;
        const pieces = await piecesForSale(tx, cart.cartId);
        if (pieces.length === 0) return false;
        const [reminder] = await tx
          .insert(cartReminders)
          .values({
            cartId: cart.cartId,
            email: cart.email,
            currency: cart.currency,
            pieces: pieces.map(({ productId, size, quantity, notes }): RemindedPiece => ({
              productId,
              size,
              quantity,
              notes,
            })),
          })
          .onConflictDoNothing()
          .returning({ id: cartReminders.id });
        if (!reminder) return false;
        // Another cart of this address was reminded since the candidates were read: undo this one.
        if (!(await takeFromLimit(tx, CAP_KEY + emailContact(cart.email), cap, now)).allowed) return tx.rollback();
        await queueEmail(tx, reminderEmail(cart, pieces, links.href(reminder.id)));
        return true;
      })
      .catch(rolledBack);
    if (remindedNow) sent++;
  }
  return sent;
}

/** `tx.rollback()` ends its transaction by throwing; here that means "not sent". */
function rolledBack(error: unknown): false {
  if (error instanceof TransactionRollbackError) return false;
  throw error;
}

type Piece = Awaited<ReturnType<typeof piecesForSale>>[number];

function reminderEmail(cart: Candidate, pieces: Piece[], restoreHref: string) {
  const money = (cents: number, quantity: number) =>
    formatMoney(priceIn(cart.currency, cents) * quantity, cart.currency);
  return letterEmail(cart.email, "Your cart is waiting for you", {
    preview: "The pieces you chose are still in your cart.",
    greeting: cart.firstName ? `Namaste ${cart.firstName},` : "Namaste,",
    blocks: [
      paragraph(
        "You left these pieces in your cart. Each is made by hand in small batches, so we cannot promise they stay in stock.",
      ),
      lines(
        pieces.map((p) => `${p.name} - size ${p.size} x ${p.quantity} - ${money(p.offerCents, p.quantity)}`),
        "In your cart",
      ),
      action("Return to your cart", restoreHref),
      paragraph(`The link works on any device. Questions? Write to us at ${SELLER.supportEmail}.`),
    ],
    // The footer's opt-out link: the same "e-mail updates" switch the sweep checks.
    orderUpdate: true,
  });
}
