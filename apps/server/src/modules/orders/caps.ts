import { and, count, eq, gt, inArray, ne, sql, type SQL } from "drizzle-orm";
import { BANK_TRANSFER_METHOD } from "@store/shared";
import type { Tx } from "../../db/client";
import { OPEN_STATUSES } from "./holds";
import { refusal } from "../../errors";
import { orders } from "./tables";
import type { OrderRow } from "./transitions";

/** Cash-on-delivery orders waiting for their code, per e-mail address: nobody floods an inbox with codes. */
export const UNCONFIRMED_COD_PER_EMAIL = 3;

const openAttempts = (order: OrderRow, now: Date) =>
  and(inArray(orders.status, OPEN_STATUSES), gt(orders.expiresAt, now), ne(orders.id, order.id));

/**
 * One cart has one open attempt (checkout closes the others); one client may keep only a few open at once,
 * whatever number of carts it makes, so nobody can hold the shop's stock or send codes in bulk. Over it: a
 * Refusal, thrown. `open`: the client's other open attempts as `clientOpenAttempts` counted them.
 */
export function assertUnderClientCap(order: OrderRow, open: number, cap: number, holdMinutes: number): void {
  if (!order.clientIp || open < cap) return;
  throw refusal(
    "rate_limited",
    "TOO_MANY_OPEN_ORDERS",
    `You already have ${cap} unpaid orders waiting. Please complete one of them, or try again in ${holdMinutes} minutes.`,
  );
}

/**
 * The client's open attempts other than a new order of `cartId`, counted in the statement that writes it
 * (decision 107): the cart's other attempts do not count, as the new one closes them (bank-transfer orders
 * are placed orders, kept, so they do).
 */
export function clientOpenAttempts(clientIp: string, cartId: string, now: Date): SQL {
  return sql`(select count(*)::int from ${orders}
    where ${and(
      eq(orders.clientIp, clientIp),
      inArray(orders.status, OPEN_STATUSES),
      gt(orders.expiresAt, now),
      sql`not (${orders.cartId} = ${cartId} and ${orders.paymentMethod} <> ${BANK_TRANSFER_METHOD})`,
    )})`;
}

/** The same for orders waiting for a code e-mailed to one address. */
export async function assertUnderEmailCap(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  if (!order.email) return;
  const [row] = await tx
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        sql`lower(${orders.email}) = lower(${order.email})`,
        eq(orders.status, "awaiting_confirmation"),
        openAttempts(order, now),
      ),
    );
  if ((row?.n ?? 0) < UNCONFIRMED_COD_PER_EMAIL) return;
  throw refusal(
    "rate_limited",
    "TOO_MANY_UNCONFIRMED",
    `${UNCONFIRMED_COD_PER_EMAIL} orders are already waiting for a code sent to this e-mail address. Please confirm one of them first.`,
  );
}
