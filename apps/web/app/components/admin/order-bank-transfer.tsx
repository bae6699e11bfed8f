import {
  TRANSFER_MODES,
  indianToday,
  payByDate,
  recordBankTransferSchema,
  sentBackTransferSchema,
  type AdminOrderDetail,
  type AdminRefund,
  type OrderBankTransfer,
} from "@store/shared";
import { useState } from "react";
import { adminApi } from "./admin-api";
import { useBackOfficeRole } from "./admin-access";
import { fieldsFromIssues, focusFirstError, type FieldErrors } from "./failures";
import { TransferSums } from "../checkout/order-bank-transfer";
import { formatMinor } from "./format";
import { ListTable, type Column } from "./list-table";
import { SelectInput, TextInput } from "./form-controls";
import { BUTTON_PRIMARY, BUTTON_SECONDARY, CARD, SECTION_TITLE } from "./styles";
import { useAdminAction } from "./use-admin-resource";
import { Notice, useNotice } from "../ui/notice";

const MODE_LABELS = { neft: "NEFT", rtgs: "RTGS", imps: "IMPS" } as const;
const RECORD_FIELDS = ["mode", "amount_minor", "utr", "received_on"] as const;
const recordId = (field: string) => `bank-transfer-record-${field.replace(/_/g, "-")}`;

/** Rupees as typed ("12,500.50") to whole paise, or the text itself so the schema says what is wrong with it. */
function paiseOf(rupees: string): number | string {
  const plain = rupees.trim().replace(/,/g, "");
  return /^\d+(\.\d{1,2})?$/.test(plain) ? Math.round(Number(plain) * 100) : plain;
}

/**
 * A bank-transfer order in the back office (decision 098): what is paid and due, the transfers that came in,
 * a form to record one (owner only; paid in full confirms the order), and money owed back with a form to record
 * the transfer made.
 */
export function OrderBankTransferPanel({ order, onChanged }: { order: AdminOrderDetail; onChanged: () => void }) {
  const transfer = order.bank_transfer;
  const { isOwner } = useBackOfficeRole();
  if (!transfer) return null;
  const money = (major: number) => formatMinor(Math.round(major * 100), order.currency);
  const owed = order.refunds.filter((r) => r.method === "transfer" && r.status === "requested");
  const rows = transfer.transfers.map((t, index) => ({ ...t, id: index }));
  const columns: Column<(typeof rows)[number]>[] = [
    { header: "UTR", cell: (t) => <code className="text-xs">{t.utr}</code> },
    { header: "Mode", cell: (t) => MODE_LABELS[t.mode] },
    { header: "Amount", cell: (t) => money(t.amount), className: "text-right tabular-nums" },
    { header: "Received", cell: (t) => t.received_on },
  ];
  return (
    <section aria-labelledby="order-bank-transfer" className={`${CARD} space-y-4`} data-testid="admin-bank-transfer">
      <h2 id="order-bank-transfer" className={SECTION_TITLE}>
        Bank transfer
      </h2>
      <p className="text-sm text-charcoal/80">
        Reference to quote: <strong>{transfer.reference}</strong>
        {transfer.pay_by && <> · pay by {payByDate(transfer.pay_by)}</>}
      </p>
      <TransferSums
        transfer={transfer}
        currency={order.currency}
        testIdPrefix="admin-bank-transfer"
        owedBack="Owed back to the buyer"
        className="max-w-sm text-sm"
      />
      <ListTable caption="Transfers received" columns={columns} rows={rows} empty="No transfer recorded yet." />
      {isOwner && <RecordTransferForm orderId={order.id} balanceDue={transfer.balance_due} onRecorded={onChanged} />}
      {isOwner &&
        owed.map((refund) => (
          <SentBackForm key={refund.id} orderId={order.id} refund={refund} order={order} onSent={onChanged} />
        ))}
    </section>
  );
}

function RecordTransferForm({
  orderId,
  balanceDue,
  onRecorded,
}: {
  orderId: number;
  balanceDue: number;
  onRecorded: () => void;
}) {
  const [mode, setMode] = useState<string>("neft");
  const [amount, setAmount] = useState(balanceDue > 0 ? balanceDue.toFixed(2) : "");
  const [utr, setUtr] = useState("");
  const [date, setDate] = useState(() => indianToday());
  const [fields, setFields] = useState<FieldErrors>({});
  const action = useAdminAction();
  const notice = useNotice();
  const errorOf = (field: string) => fields[field] ?? action.failure?.fields[field];

  async function submit() {
    const checked = recordBankTransferSchema.safeParse({
      mode,
      utr,
      amount_minor: paiseOf(amount),
      received_on: date,
    });
    if (!checked.success) {
      const problems = fieldsFromIssues(checked.error.issues);
      setFields(problems);
      focusFirstError(RECORD_FIELDS, problems, recordId);
      return;
    }
    setFields({});
    const view = await action.run(() =>
      adminApi.post<OrderBankTransfer>(`/api/admin/orders/${orderId}/bank-transfers`, checked.data),
    );
    if (!view) return;
    setUtr("");
    setAmount(view.balance_due > 0 ? view.balance_due.toFixed(2) : "");
    notice.show(view.balance_due > 0 ? "Transfer recorded." : "Transfer recorded: the order is paid in full.");
    onRecorded();
  }

  return (
    <form
      noValidate
      aria-labelledby="record-transfer-title"
      className="space-y-3 border-t border-linen pt-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h3 id="record-transfer-title" className="font-semibold text-indigo-ink">
        Record a transfer received
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectInput
          id={recordId("mode")}
          label="Mode"
          value={mode}
          onChange={setMode}
          options={TRANSFER_MODES.map((m) => ({ value: m, label: MODE_LABELS[m] }))}
          error={errorOf("mode")}
        />
        <TextInput
          id={recordId("amount_minor")}
          label="Amount (₹)"
          inputMode="decimal"
          value={amount}
          onChange={setAmount}
          error={errorOf("amount_minor")}
          required
        />
        <TextInput
          id={recordId("utr")}
          label="UTR"
          value={utr}
          onChange={setUtr}
          error={errorOf("utr")}
          hint="As the bank statement shows it."
          required
        />
        <TextInput
          id={recordId("received_on")}
          label="Received on"
          type="date"
          value={date}
          onChange={setDate}
          error={errorOf("received_on")}
          required
        />
      </div>
      {action.failure && Object.keys(action.failure.fields).length === 0 && (
        <p role="alert" className="text-sm font-medium text-madder">
          {action.failure.message}
        </p>
      )}
      <button type="submit" className={BUTTON_PRIMARY} disabled={action.busy}>
        Record transfer
      </button>
      <Notice notice={notice.notice} onDismiss={notice.dismiss} />
    </form>
  );
}

function SentBackForm({
  orderId,
  refund,
  order,
  onSent,
}: {
  orderId: number;
  refund: AdminRefund;
  order: AdminOrderDetail;
  onSent: () => void;
}) {
  const [reference, setReference] = useState("");
  const [error, setError] = useState<string | undefined>();
  const action = useAdminAction();
  const id = `bank-transfer-sent-back-${refund.id}`;

  async function submit() {
    const checked = sentBackTransferSchema.safeParse({ refund_id: refund.id, reference });
    if (!checked.success) {
      setError(fieldsFromIssues(checked.error.issues).reference ?? checked.error.issues[0]?.message);
      document.getElementById(id)?.focus();
      return;
    }
    setError(undefined);
    const view = await action.run(() =>
      adminApi.post<OrderBankTransfer>(`/api/admin/orders/${orderId}/bank-transfers/sent-back`, checked.data),
    );
    if (view) onSent();
  }

  return (
    <form
      noValidate
      className="space-y-3 border-t border-linen pt-4"
      aria-label={`Record the transfer of ${formatMinor(refund.amount_minor, order.currency)} sent back`}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p className="text-sm">
        Send <strong>{formatMinor(refund.amount_minor, order.currency)}</strong> back to the buyer, then record the
        transfer&apos;s reference.
      </p>
      <TextInput
        id={id}
        label="Reference of the transfer you made"
        value={reference}
        onChange={setReference}
        error={error ?? action.failure?.fields.reference ?? action.failure?.fields.refund_id}
        required
      />
      {action.failure && Object.keys(action.failure.fields).length === 0 && (
        <p role="alert" className="text-sm font-medium text-madder">
          {action.failure.message}
        </p>
      )}
      <button type="submit" className={BUTTON_SECONDARY} disabled={action.busy}>
        Record transfer sent back
      </button>
    </form>
  );
}
