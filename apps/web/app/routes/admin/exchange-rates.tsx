import {
  NOTIFIED_VALUE_KINDS,
  NOTIFIED_VALUES,
  notifiedValueCreateSchema,
  type NotifiedValueKind,
  type NotifiedValuesResponse,
  type NotifiedValueView,
} from "@store/shared";
import { useState } from "react";
import { adminApi } from "../../components/admin/admin-api";
import { adminMeta } from "../../components/admin/admin-meta";
import { ConfirmDialog } from "../../components/admin/confirm-dialog";
import { DatedRows } from "../../components/admin/dated-rows";
import { fieldsFromIssues, focusFirstError, type FieldErrors } from "../../components/admin/failures";
import { TextInput } from "../../components/admin/form-controls";
import { LoadState } from "../../components/admin/list-table";
import { PageHeader } from "../../components/admin/page-header";
import { BUTTON_PRIMARY, CARD, SECTION_TITLE } from "../../components/admin/styles";
import { dayText, rupeeText } from "../../components/admin/tax-rate-text";
import { useAdminAction, useAdminResource } from "../../components/admin/use-admin-resource";
import { Notice, useNotice } from "../../components/ui/notice";

export function meta() {
  return adminMeta("Exchange rates and limits");
}

/** Why each value is kept, in the seller's words. */
const LEADS: Record<NotifiedValueKind, string> = {
  usd_export_rate:
    "Invoices of orders paid in US dollars are in rupees at the customs rate for exported goods of their date (CGST Rules, rule 34). CBIC notifies it twice a month; until a rate is saved for a day, the invoices of that day's dollar orders are held.",
  b2c_large_limit:
    "In the monthly return, an invoice to another state above this value is reported on its own (GSTR-1 table 5); the rest are summed by state and rate.",
  e_way_bill_inter_state:
    "A parcel to another state worth more than this (its invoice with tax) is booked only with its e-way bill's number (CGST rule 138).",
  e_way_bill_intra_state: "The same within Rajasthan, as the state notified under rule 138(14)(d).",
  recipient_address:
    "From this invoice value on, the buyer's name and addresses are required details of the invoice (CGST rule 46): correcting them issues the invoice again.",
};

/**
 * The values the government notifies by date (issue 38): the customs exchange rate for exports, the B2C large
 * limit and the e-way bill and invoice-address limits, each with the notification it comes from. One in force is never changed: a later one replaces
 * it, and only one still ahead may be deleted.
 */
export default function ExchangeRates() {
  const values = useAdminResource<NotifiedValuesResponse>("/api/admin/notified-values");
  const notice = useNotice();
  const data = values.data;
  return (
    <>
      <PageHeader
        title="Exchange rates and limits"
        lead="Values the government notifies and changes by date. Add each new one with the date it takes effect and the notification it comes from."
      />
      {!data ? (
        <LoadState error={values.error} onRetry={values.reload} rows={4} />
      ) : (
        <div className="space-y-6">
          <p className="text-sm text-charcoal/75">Today (IST): {dayText(data.today)}</p>
          {NOTIFIED_VALUE_KINDS.map((kind) => (
            <KindCard
              key={kind}
              kind={kind}
              rows={data.data.filter((v) => v.kind === kind)}
              onChanged={(text) => {
                notice.show(text);
                values.reload();
              }}
            />
          ))}
        </div>
      )}
      <Notice notice={notice.notice} onDismiss={notice.dismiss} />
    </>
  );
}

const valueText = (kind: NotifiedValueKind, minor: number) =>
  kind === "usd_export_rate" ? `${rupeeText(minor)} per US dollar` : rupeeText(minor);

function KindCard({
  kind,
  rows,
  onChanged,
}: {
  kind: NotifiedValueKind;
  rows: NotifiedValueView[];
  onChanged: (text: string) => void;
}) {
  const [deleting, setDeleting] = useState<NotifiedValueView | null>(null);
  const action = useAdminAction();
  const titleId = `${kind}-title`;

  async function remove(row: NotifiedValueView) {
    const done = await action.run(async () => {
      await adminApi.remove(`/api/admin/notified-values/${row.id}`);
      return true;
    });
    setDeleting(null);
    if (done) onChanged("Deleted.");
  }

  return (
    <section className={`${CARD} space-y-4`} aria-labelledby={titleId}>
      <div>
        <h2 id={titleId} className={SECTION_TITLE}>
          {NOTIFIED_VALUES[kind].title}
        </h2>
        <p className="mt-1 text-sm text-charcoal/80">{LEADS[kind]}</p>
      </div>
      <DatedRows
        rows={rows}
        label={NOTIFIED_VALUES[kind].title}
        empty="None saved yet."
        describe={(row) => (
          <>
            <span>{valueText(kind, row.value_minor)}</span>
            <span className="text-charcoal/75">{row.notification}</span>
          </>
        )}
        onDelete={setDeleting}
      />
      {action.failure && (
        <p role="alert" className="text-sm font-medium text-madder">
          {action.failure.message}
        </p>
      )}
      <details className="rounded-lg border border-linen p-3" open={rows.length === 0}>
        <summary className="cursor-pointer text-sm font-semibold text-indigo-ink">Add a value</summary>
        <div className="mt-3">
          <AddValueForm kind={kind} onAdded={() => onChanged("Saved.")} />
        </div>
      </details>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this value?"
        confirmLabel="Delete"
        cancelLabel="Keep it"
        danger
        busy={action.busy}
        onConfirm={() => deleting && void remove(deleting)}
        onClose={() => setDeleting(null)}
      >
        {deleting && (
          <p>
            {valueText(kind, deleting.value_minor)} from {dayText(deleting.effective_from)} will not take effect.
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}

const FIELDS = ["effective_from", "value", "notification"] as const;

function AddValueForm({ kind, onAdded }: { kind: NotifiedValueKind; onAdded: () => void }) {
  const empty = { effective_from: "", value: "", notification: "" };
  const [values, setValues] = useState(empty);
  const [fields, setFields] = useState<FieldErrors>({});
  const action = useAdminAction();
  const idOf = (field: string) => `${kind}-${field.replace(/_/g, "-")}`;
  const set = (field: keyof typeof empty) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const errorOf = (field: string) => fields[field] ?? action.failure?.fields[field];

  async function submit() {
    const checked = notifiedValueCreateSchema.safeParse({ kind, ...values });
    if (!checked.success) {
      const found = fieldsFromIssues(checked.error.issues);
      setFields(found);
      focusFirstError(FIELDS, found, idOf);
      return;
    }
    setFields({});
    const added = await action.run(() => adminApi.post<NotifiedValueView>("/api/admin/notified-values", checked.data));
    if (!added) return;
    setValues(empty);
    onAdded();
  }

  const anyField = FIELDS.some((f) => action.failure?.fields[f]);
  return (
    <form
      noValidate
      className="space-y-3"
      aria-label={`Add: ${NOTIFIED_VALUES[kind].title}`}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <TextInput
          id={idOf("effective_from")}
          label="In force from"
          type="date"
          required
          value={values.effective_from}
          onChange={set("effective_from")}
          error={errorOf("effective_from")}
        />
        <TextInput
          id={idOf("value")}
          label={NOTIFIED_VALUES[kind].unit}
          inputMode="decimal"
          required
          value={values.value}
          onChange={set("value")}
          error={errorOf("value")}
          placeholder={kind === "usd_export_rate" ? "88.15" : "100000"}
        />
        <TextInput
          id={idOf("notification")}
          label="Notification"
          required
          value={values.notification}
          onChange={set("notification")}
          error={errorOf("notification")}
          placeholder={kind === "usd_export_rate" ? "64/2026-Customs (N.T.)" : "12/2024-Central Tax"}
        />
      </div>
      {action.failure && !anyField && (
        <p role="alert" className="text-sm font-medium text-madder">
          {action.failure.message}
        </p>
      )}
      <button type="submit" className={BUTTON_PRIMARY} disabled={action.busy}>
        Save
      </button>
    </form>
  );
}
