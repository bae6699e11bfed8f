import {
  CURRENCIES,
  formatMoney,
  storeCreditAdjustmentSchema,
  type AdminStoreCreditLedger,
  type Currency,
} from "@store/shared";
import { useState } from "react";
import { adminApi } from "./admin-api";
import { fieldsFromIssues, focusFirstError, type FieldErrors } from "./failures";
import { formatWhen } from "./format";
import { SelectInput, TextInput } from "./form-controls";
import { ListTable, LoadState, type Column } from "./list-table";
import { BUTTON_PRIMARY, CARD, SECTION_TITLE } from "./styles";
import { useAdminAction, useAdminResource } from "./use-admin-resource";

type Entry = AdminStoreCreditLedger["history"][number];

const COLUMNS: Column<Entry>[] = [
  { header: "When", cell: (e) => formatWhen(e.created_at) },
  {
    header: "Movement",
    cell: (e) => (
      <span className="block min-w-40">
        {e.label}
        {e.order_id !== null && ` · order #${e.order_id}`}
        {e.reason && <span className="block text-xs text-charcoal/75">{e.reason}</span>}
        {e.by && <span className="block text-xs text-charcoal/75">by {e.by}</span>}
      </span>
    ),
  },
  {
    header: "Amount",
    cell: (e) => `${e.amount > 0 ? "+" : ""}${formatMoney(e.amount, e.currency)}`,
    className: "text-right tabular-nums",
  },
];

/** One shopper's balances and ledger, with the owner's goodwill adjustment. */
export function ShopperLedger({ userId, onChanged }: { userId: number; onChanged: () => void }) {
  const ledger = useAdminResource<AdminStoreCreditLedger>(`/api/admin/store-credit/${userId}`);
  const data = ledger.data;
  return (
    <section className={`${CARD} mb-6 space-y-4`} aria-labelledby="ledger-title">
      <h2 id="ledger-title" className={SECTION_TITLE}>
        {data ? `${data.shopper.name} (${data.shopper.email})` : "Shopper's ledger"}
      </h2>
      {!data ? (
        <LoadState error={ledger.error} onRetry={ledger.reload} rows={3} />
      ) : (
        <>
          <p className="text-lg">
            Balance:{" "}
            <strong className="tabular-nums">
              {data.balances.length === 0
                ? "none yet"
                : data.balances.map((b) => formatMoney(b.amount, b.currency)).join(" and ")}
            </strong>
          </p>
          <AdjustForm
            userId={userId}
            onDone={() => {
              ledger.reload();
              onChanged();
            }}
          />
          <ListTable
            caption="Ledger, newest first"
            columns={COLUMNS}
            rows={data.history}
            busy={ledger.loading}
            empty="No movement yet."
          />
        </>
      )}
    </section>
  );
}

const FIELDS = ["currency", "amount", "reason"] as const;
const idOf = (field: string) => `adjust-${field}`;

function AdjustForm({ userId, onDone }: { userId: number; onDone: () => void }) {
  const empty = { currency: "INR" as Currency, amount: "", reason: "" };
  const [values, setValues] = useState(empty);
  const [fields, setFields] = useState<FieldErrors>({});
  const [done, setDone] = useState<string | null>(null);
  const action = useAdminAction();
  const errorOf = (field: string) => fields[field] ?? action.failure?.fields[field];

  async function submit() {
    setDone(null);
    const checked = storeCreditAdjustmentSchema.safeParse({
      ...values,
      amount: values.amount.trim() === "" ? undefined : Number(values.amount),
    });
    if (!checked.success) {
      const found = fieldsFromIssues(checked.error.issues);
      setFields(found);
      focusFirstError(FIELDS, found, idOf);
      return;
    }
    setFields({});
    const saved = await action.run(() =>
      adminApi.post<AdminStoreCreditLedger>(`/api/admin/store-credit/${userId}/adjust`, checked.data),
    );
    if (!saved) return;
    setValues(empty);
    setDone(`Saved: ${formatMoney(checked.data.amount, checked.data.currency)}.`);
    onDone();
  }

  const anyField = FIELDS.some((f) => action.failure?.fields[f]);
  return (
    <form
      noValidate
      aria-label="Goodwill adjustment"
      className="space-y-3 rounded-lg border border-linen p-3"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p className="text-sm font-semibold text-indigo-ink">
        Goodwill adjustment (a negative amount takes credit away; never below 0)
      </p>
      <div className="grid gap-3 sm:grid-cols-[8rem_10rem_1fr]">
        <SelectInput
          id={idOf("currency")}
          label="Currency"
          value={values.currency}
          onChange={(currency) => setValues((v) => ({ ...v, currency: currency as Currency }))}
          options={CURRENCIES.map((c) => ({ value: c, label: c }))}
          error={errorOf("currency")}
        />
        <TextInput
          id={idOf("amount")}
          label="Amount"
          inputMode="decimal"
          required
          value={values.amount}
          onChange={(amount) => setValues((v) => ({ ...v, amount }))}
          error={errorOf("amount")}
          placeholder="500 or -200"
        />
        <TextInput
          id={idOf("reason")}
          label="Reason (the shopper sees it)"
          required
          value={values.reason}
          onChange={(reason) => setValues((v) => ({ ...v, reason }))}
          error={errorOf("reason")}
          placeholder="Parcel arrived a week late"
        />
      </div>
      {action.failure && !anyField && (
        <p role="alert" className="text-sm font-medium text-madder">
          {action.failure.message}
        </p>
      )}
      {done && (
        <p role="status" className="text-sm font-medium text-indigo-ink">
          {done}
        </p>
      )}
      <button type="submit" className={BUTTON_PRIMARY} disabled={action.busy}>
        Save adjustment
      </button>
    </form>
  );
}
