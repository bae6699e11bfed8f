import type { Currency } from "./constants";
import { formatMoney } from "./money";
import type { OrderBankTransfer } from "./schemas/bank-transfer";

/**
 * A bank-transfer order's details in words (decision 098), written once for every reader: the buyer's order
 * page, the seller's, and the e-mail sent when the order is placed.
 */

/** "14 December 2026": the day to pay by; in the order's zone when given (an e-mail), else the reader's. */
export const payByDate = (payBy: string | Date, timeZone?: string) =>
  new Date(payBy).toLocaleDateString("en-IN", { dateStyle: "long", timeZone });

/** Where to send the money and what to quote with it, as label and value. */
export function bankAccountRows(transfer: OrderBankTransfer): [string, string][] {
  return [
    ["Account name", transfer.account_name],
    ["Bank", transfer.bank_name],
    ["Account number", transfer.account_number],
    ["IFSC", transfer.ifsc],
    ["Branch", transfer.branch],
    ...(transfer.upi_id ? ([["UPI ID", transfer.upi_id]] as [string, string][]) : []),
    ["Reference to quote", transfer.reference],
  ];
}

/** "Send ₹4,200.00 by NEFT, RTGS or IMPS quoting BT000042 by 14 December 2026.", or null when nothing is due. */
export function transferAsk(
  transfer: Pick<OrderBankTransfer, "balance_due" | "reference" | "pay_by">,
  currency: Currency,
  timeZone?: string,
): string | null {
  if (transfer.balance_due <= 0) return null;
  const by = transfer.pay_by ? ` by ${payByDate(transfer.pay_by, timeZone)}` : "";
  return `Send ${formatMoney(transfer.balance_due, currency)} by NEFT, RTGS or IMPS quoting ${transfer.reference}${by}.`;
}

export type TransferSumKey = "amount" | "paid" | "balance" | "owed";

/** What the order asks, what has come in, what is due and (when any) what is owed back, labelled. */
export function transferSums(
  transfer: Pick<OrderBankTransfer, "amount" | "paid" | "balance_due" | "owed_back">,
  currency: Currency,
  /** The label of the money owed back, in the reader's words. */
  owedBack: string,
): { key: TransferSumKey; label: string; value: string }[] {
  const money = (amount: number) => formatMoney(amount, currency);
  return [
    { key: "amount" as const, label: "Order amount", value: money(transfer.amount) },
    { key: "paid" as const, label: "Paid so far", value: money(transfer.paid) },
    { key: "balance" as const, label: "Balance due", value: money(transfer.balance_due) },
    ...(transfer.owed_back > 0 ? [{ key: "owed" as const, label: owedBack, value: money(transfer.owed_back) }] : []),
  ];
}
