import { and, asc, eq, sql } from "drizzle-orm";
import {
  BANK_TRANSFER_METHOD,
  bankTransferReference,
  formatMoney,
  toMajorUnits,
  type BankTransferSettings,
  type Currency,
  type OrderBankTransfer,
  type RecordBankTransfer,
  type TransferMode,
} from "@store/shared";
import type { Db, Tx } from "../../db/client";
import { refusal } from "../../errors";
import { confirmOrder } from "../confirmation/confirm";
import { toPayByMethod } from "../orders/refund-policy";
import { orders } from "../orders/tables";
import { lockOrderWithCart, type OrderRow } from "../orders/transitions";
import { bankTransferLeft, oweTransfer } from "./refunds";
import { bankTransferAccount, payments, refunds } from "./tables";

type AccountRow = typeof bankTransferAccount.$inferSelect;

const settingsOf = (row: AccountRow): BankTransferSettings => ({
  enabled: row.enabled,
  account_name: row.accountName,
  bank_name: row.bankName,
  account_number: row.accountNumber,
  ifsc: row.ifsc,
  branch: row.branch,
  upi_id: row.upiId,
  days_to_pay: row.daysToPay,
});

/** The seller's account as saved, or null before it is. */
export async function readBankAccount(db: Db | Tx): Promise<BankTransferSettings | null> {
  const [row] = await db.select().from(bankTransferAccount).where(eq(bankTransferAccount.id, 1));
  return row ? settingsOf(row) : null;
}

/** Saves the seller's account; answers it before and after (for the audit row). */
export async function saveBankAccount(
  tx: Tx,
  input: BankTransferSettings,
): Promise<{ before: BankTransferSettings | null; after: BankTransferSettings }> {
  const before = await readBankAccount(tx);
  const values = {
    enabled: input.enabled,
    accountName: input.account_name,
    bankName: input.bank_name,
    accountNumber: input.account_number,
    ifsc: input.ifsc,
    branch: input.branch,
    upiId: input.upi_id ?? null,
    daysToPay: input.days_to_pay,
    updatedAt: new Date(),
  };
  const [row] = await tx
    .insert(bankTransferAccount)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: bankTransferAccount.id, set: values })
    .returning();
  return { before, after: settingsOf(row!) };
}

/** The account when bank transfer is switched on (with its details saved), else null. */
export async function offeredBankAccount(db: Db | Tx): Promise<BankTransferSettings | null> {
  const account = await readBankAccount(db);
  return account?.enabled ? account : null;
}

type TransferRow = { mode: TransferMode; receivedOn: string };

async function transfersOf(db: Db | Tx, orderId: number) {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.provider, BANK_TRANSFER_METHOD)))
    .orderBy(asc(payments.id));
}

/** Owed back by transfer and not yet sent (requested, no reference) on the order. */
async function owedOf(db: Db | Tx, orderId: number): Promise<number> {
  const [row] = await db
    .select({ owed: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.method, "transfer"), eq(refunds.status, "requested")));
  return row?.owed ?? 0;
}

/** A bank-transfer order as its buyer and the seller see it; undefined for any other order. */
export async function bankTransferView(
  db: Db | Tx,
  order: Pick<OrderRow, "id" | "paymentMethod" | "total" | "storeCredit" | "codAdvance" | "expiresAt" | "status">,
): Promise<OrderBankTransfer | undefined> {
  if (order.paymentMethod !== BANK_TRANSFER_METHOD) return undefined;
  const [account, rows, owed] = await Promise.all([
    readBankAccount(db),
    transfersOf(db, order.id),
    owedOf(db, order.id),
  ]);
  const due = toPayByMethod(order);
  const paid = rows.reduce((sum, row) => sum + row.amount, 0);
  return {
    account_name: account?.account_name ?? "",
    bank_name: account?.bank_name ?? "",
    account_number: account?.account_number ?? "",
    ifsc: account?.ifsc ?? "",
    branch: account?.branch ?? "",
    upi_id: account?.upi_id ?? null,
    reference: bankTransferReference(order.id),
    amount: toMajorUnits(due),
    paid: toMajorUnits(paid),
    balance_due: order.status === "pending_payment" ? toMajorUnits(Math.max(0, due - paid)) : 0,
    owed_back: toMajorUnits(owed),
    pay_by: order.status === "pending_payment" ? (order.expiresAt?.toISOString() ?? null) : null,
    transfers: rows.map((row) => {
      const raw = row.raw as TransferRow;
      return {
        mode: raw.mode,
        utr: row.providerPaymentId ?? "",
        amount: toMajorUnits(row.amount),
        received_on: raw.receivedOn,
      };
    }),
  };
}

/** `bankTransferView` of the order with this number (the shopper's order page, the back office's). */
export async function bankTransferOfOrder(db: Db, orderId: number): Promise<OrderBankTransfer | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  return order ? bankTransferView(db, order) : undefined;
}

/**
 * `POST /api/admin/orders/:id/bank-transfers`: the seller saw a transfer arrive. Each is a payment row (its
 * UTR once per store); the order is confirmed through `confirmOrder` once the transfers cover what is to pay,
 * and anything over that is owed back at once. Refused: not a bank-transfer order, no longer waiting for
 * payment, or a UTR recorded before.
 */
export async function recordReceivedTransfer(
  db: Db,
  orderId: number,
  input: RecordBankTransfer,
  /** The back office's audit row, in the same transaction. */
  audit: (tx: Tx, order: OrderRow) => Promise<unknown>,
): Promise<{ confirmed: boolean }> {
  return db.transaction(async (tx) => {
    const order = await lockOrderWithCart(tx, orderId);
    if (!order || order.paymentMethod !== BANK_TRANSFER_METHOD)
      throw refusal("not_found", "ORDER_NOT_FOUND", "No bank-transfer order with this number.");
    if (order.status !== "pending_payment")
      throw refusal("conflict", "NOT_AWAITING_TRANSFER", "This order is no longer waiting for a bank transfer.");
    const due = toPayByMethod(order);
    const before = (await transfersOf(tx, order.id)).reduce((sum, row) => sum + row.amount, 0);
    const inserted = await tx
      .insert(payments)
      .values({
        orderId: order.id,
        provider: BANK_TRANSFER_METHOD,
        providerOrderId: input.utr,
        providerPaymentId: input.utr,
        status: "captured",
        amount: input.amount_minor,
        currency: order.currency,
        raw: { mode: input.mode, receivedOn: input.received_on } satisfies TransferRow,
      })
      .onConflictDoNothing()
      .returning({ id: payments.id });
    if (inserted.length === 0)
      throw refusal("conflict", "DUPLICATE_UTR", "A transfer with this UTR has been recorded already.");
    await audit(tx, order);
    const after = before + input.amount_minor;
    if (after < due) return { confirmed: false };
    // Paid more than due: the excess is owed back at once, never kept silently.
    await oweTransfer(tx, order, {
      reason: "order_refunded",
      amount: after - due,
      why: `Order #${order.id} was paid ${formatMoney((after - due) / 100, order.currency as Currency)} more than it costs by bank transfer.`,
    });
    await confirmOrder(tx, order, "paid", `Paid by bank transfer (${input.mode.toUpperCase()} ${input.utr})`);
    return { confirmed: true };
  });
}

/**
 * Closing hook (`GiveBackOnClose`): a bank-transfer order that lapses or is replaced with money received
 * owes it all back, recorded as a transfer for the seller to send (decision 098).
 */
export async function oweBackOnClose(tx: Tx, orderId: number): Promise<void> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order || order.paymentMethod !== BANK_TRANSFER_METHOD) return;
  await oweTransfer(tx, order, {
    reason: "order_cancelled",
    amount: await bankTransferLeft(tx, orderId),
    why: `Order #${order.id} closed before it was paid in full; what was received by bank transfer goes back.`,
  });
}
