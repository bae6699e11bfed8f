import {
  bankAccountRows,
  transferAsk,
  transferSums,
  type OrderBankTransfer as TransferDetails,
  type OrderDetail,
} from "@store/shared";

/**
 * A bank-transfer order's account and reference (decision 098): where to pay, what to quote, what has come
 * in and what is still due; money owed back once the order lapsed or was overpaid. The words are shared with
 * the e-mail sent when the order is placed (`bank-transfer-details` in the shared package).
 */
export function OrderBankTransfer({
  transfer,
  currency,
}: {
  transfer: TransferDetails;
  currency: OrderDetail["currency"];
}) {
  const ask = transferAsk(transfer, currency);
  return (
    <section
      aria-labelledby="order-bank-transfer-heading"
      className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-linen sm:p-8"
      data-testid="order-bank-transfer"
    >
      <h2 id="order-bank-transfer-heading" className="text-2xl font-semibold text-indigo-ink">
        Paying by bank transfer
      </h2>
      {ask && <p className="mt-2 text-charcoal/85">{ask} Your pieces are held until then.</p>}
      <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        {bankAccountRows(transfer).map(([term, value]) => (
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

const SUM_STYLE = { amount: "", paid: "", balance: "font-semibold", owed: "text-madder" } as const;

/** What the order asks, what has come in, what is due and what is owed back: the buyer's and the seller's view. */
export function TransferSums({
  transfer,
  currency,
  testIdPrefix,
  owedBack,
  className,
}: {
  transfer: Pick<TransferDetails, "amount" | "paid" | "balance_due" | "owed_back">;
  currency: OrderDetail["currency"];
  testIdPrefix: string;
  /** The label of the money owed back, in the reader's words. */
  owedBack: string;
  className: string;
}) {
  return (
    <dl className={`grid grid-cols-[1fr_auto] gap-y-1 ${className}`}>
      {transferSums(transfer, currency, owedBack).map((sum) => (
        <div key={sum.key} className="contents">
          <dt className={SUM_STYLE[sum.key]}>{sum.label}</dt>
          <dd
            className={`tabular-nums ${SUM_STYLE[sum.key]}`}
            data-testid={sum.key === "paid" || sum.key === "balance" ? `${testIdPrefix}-${sum.key}` : undefined}
          >
            {sum.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
