import { formatMoney, type OrderDetail } from "@store/shared";

type BankTransfer = NonNullable<OrderDetail["bank_transfer"]>;

/**
 * A bank-transfer order's account and reference (decision 098): where to pay, what to quote, what has come
 * in and what is still due; money owed back once the order lapsed or was overpaid.
 */
export function OrderBankTransfer({
  transfer,
  currency,
}: {
  transfer: BankTransfer;
  currency: OrderDetail["currency"];
}) {
  const money = (amount: number) => formatMoney(amount, currency);
  const rows: [string, string][] = [
    ["Account name", transfer.account_name],
    ["Bank", transfer.bank_name],
    ["Account number", transfer.account_number],
    ["IFSC", transfer.ifsc],
    ["Branch", transfer.branch],
    ...(transfer.upi_id ? ([["UPI ID", transfer.upi_id]] as [string, string][]) : []),
    ["Reference to quote", transfer.reference],
  ];
  return (
    <section
      aria-labelledby="order-bank-transfer-heading"
      className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-linen sm:p-8"
      data-testid="order-bank-transfer"
    >
      <h2 id="order-bank-transfer-heading" className="text-2xl font-semibold text-indigo-ink">
        Paying by bank transfer
      </h2>
      {transfer.balance_due > 0 && (
        <p className="mt-2 text-charcoal/85">
          Send {money(transfer.balance_due)} by NEFT, RTGS or IMPS quoting <strong>{transfer.reference}</strong>
          {transfer.pay_by && <> by {payByDate(transfer.pay_by)}</>}. Your pieces are held until then.
        </p>
      )}
      <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-sm text-charcoal/70">{term}</dt>
            <dd className="break-all font-medium tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <TransferSums
        transfer={transfer}
        currency={currency}
        testIdPrefix="bank-transfer"
        owedBack="To be sent back to you"
        className="mt-4 border-t border-linen pt-4"
      />
    </section>
  );
}

/** The day a bank-transfer order must be paid by, as both the buyer's and the seller's pages print it. */
export const payByDate = (payBy: string) => new Date(payBy).toLocaleDateString("en-IN", { dateStyle: "long" });

/** What the order asks, what has come in, what is due and what is owed back: the buyer's and the seller's view. */
export function TransferSums({
  transfer,
  currency,
  testIdPrefix,
  owedBack,
  className,
}: {
  transfer: Pick<BankTransfer, "amount" | "paid" | "balance_due" | "owed_back">;
  currency: OrderDetail["currency"];
  testIdPrefix: string;
  /** The label of the money owed back, in the reader's words. */
  owedBack: string;
  className: string;
}) {
  const money = (amount: number) => formatMoney(amount, currency);
  return (
    <dl className={`grid grid-cols-[1fr_auto] gap-y-1 ${className}`}>
      <dt>Order amount</dt>
      <dd className="tabular-nums">{money(transfer.amount)}</dd>
      <dt>Paid so far</dt>
      <dd className="tabular-nums" data-testid={`${testIdPrefix}-paid`}>
        {money(transfer.paid)}
      </dd>
      <dt className="font-semibold">Balance due</dt>
      <dd className="font-semibold tabular-nums" data-testid={`${testIdPrefix}-balance`}>
        {money(transfer.balance_due)}
      </dd>
      {transfer.owed_back > 0 && (
        <>
          <dt className="text-madder">{owedBack}</dt>
          <dd className="tabular-nums text-madder">{money(transfer.owed_back)}</dd>
        </>
      )}
    </dl>
  );
}
