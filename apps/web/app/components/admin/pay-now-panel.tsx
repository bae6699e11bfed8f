import {
  PAY_NOW_DISCOUNT_KINDS,
  payNowSettingsSchema,
  type PayNowDiscountKind,
  type PayNowSettings,
  type PayNowStats,
  type PayNowStatsQuery,
} from "@store/shared";
import { useState } from "react";
import { adminApi } from "./admin-api";
import { fieldsFromIssues, type FieldErrors } from "./failures";
import { CheckboxInput, SelectInput, TextInput } from "./form-controls";
import { formatMinor } from "./format";
import { LoadState } from "./list-table";
import { BUTTON_PRIMARY, CARD, SECTION_TITLE } from "./styles";
import { useAdminAction, useAdminResource } from "./use-admin-resource";
import { Notice, useNotice } from "../ui/notice";

const KIND_LABELS: Record<PayNowDiscountKind, string> = {
  none: "No discount",
  percent: "A percentage, up to a cap",
  fixed: "A fixed amount",
};

/**
 * "Pay now" nudges (issue 43 point 3, decision 094) on the delivery outcomes page: what they did over the period
 * (sent, opened, converted to prepaid, the rate, the discount given), and the settings the owner changes.
 */
export function PayNowPanel({ query }: { query: PayNowStatsQuery }) {
  const stats = useAdminResource<PayNowStats>("/api/admin/pay-now/stats", { ...query });
  const settings = useAdminResource<PayNowSettings>("/api/admin/pay-now/settings");
  const s = stats.data;
  return (
    <section aria-labelledby="pay-now-title" className="space-y-4">
      <h2 id="pay-now-title" className={SECTION_TITLE}>
        Pay-now nudges after cash-on-delivery orders
      </h2>
      {s ? (
        <dl className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-5" aria-label="Pay-now figures">
          <Figure title="Sent" value={`${s.sent}`} detail={`${s.by_whatsapp} WhatsApp, ${s.by_email} e-mail`} />
          <Figure title="Opened" value={`${s.opened}`} />
          <Figure title="Converted to prepaid" value={`${s.converted}`} />
          <Figure title="Conversion rate" value={`${(s.conversion_rate * 100).toFixed(1)}%`} />
          <Figure
            title="Discount given"
            value={formatMinor(s.discount_minor, "INR")}
            detail={`${formatMinor(s.paid_minor, "INR")} paid online`}
          />
        </dl>
      ) : (
        <LoadState error={stats.error} onRetry={stats.reload} />
      )}
      {settings.data ? (
        <SettingsForm saved={settings.data} onSaved={settings.replace} />
      ) : (
        <LoadState error={settings.error} onRetry={settings.reload} />
      )}
    </section>
  );
}

function Figure({ title, value, detail }: { title: string; value: string; detail?: string }) {
  return (
    <div className={CARD}>
      <dt className="text-xs font-semibold uppercase tracking-wide text-charcoal/70">{title}</dt>
      <dd className="text-2xl font-semibold tabular-nums break-words">{value}</dd>
      {detail && <dd className="text-xs text-charcoal/70">{detail}</dd>}
    </div>
  );
}

const NUMBER_FIELDS = ["discount_percent", "discount_cap_rupees", "discount_fixed_rupees", "delay_minutes"] as const;
type NumberField = (typeof NUMBER_FIELDS)[number];

function SettingsForm({ saved, onSaved }: { saved: PayNowSettings; onSaved: (next: PayNowSettings) => void }) {
  const [enabled, setEnabled] = useState(saved.enabled);
  const [kind, setKind] = useState<PayNowDiscountKind>(saved.discount_kind);
  const [numbers, setNumbers] = useState<Record<NumberField, string>>(() => ({
    discount_percent: String(saved.discount_percent),
    discount_cap_rupees: String(saved.discount_cap_rupees),
    discount_fixed_rupees: String(saved.discount_fixed_rupees),
    delay_minutes: String(saved.delay_minutes),
  }));
  const [fields, setFields] = useState<FieldErrors>({});
  const action = useAdminAction();
  const notice = useNotice();
  const errorOf = (field: string) => fields[field] ?? action.failure?.fields[field];
  const number = (field: NumberField) => (numbers[field].trim() === "" ? Number.NaN : Number(numbers[field]));

  async function submit() {
    const checked = payNowSettingsSchema.safeParse({
      enabled,
      discount_kind: kind,
      ...Object.fromEntries(NUMBER_FIELDS.map((f) => [f, number(f)])),
    });
    if (!checked.success) return setFields(fieldsFromIssues(checked.error.issues));
    setFields({});
    const next = await action.run(() => adminApi.put<PayNowSettings>("/api/admin/pay-now/settings", checked.data));
    if (!next) return;
    notice.show("Pay-now settings saved.");
    onSaved(next);
  }

  const input = (field: NumberField, label: string, hint: string) => (
    <TextInput
      id={`pay-now-${field}`}
      label={label}
      inputMode="numeric"
      value={numbers[field]}
      onChange={(value) => setNumbers((v) => ({ ...v, [field]: value }))}
      error={errorOf(field)}
      hint={hint}
    />
  );
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      className={`${CARD} max-w-2xl space-y-4`}
      aria-label="Pay-now settings"
    >
      <CheckboxInput
        id="pay-now-enabled"
        label="Send the pay-now message after cash-on-delivery orders"
        checked={enabled}
        onChange={setEnabled}
        hint="WhatsApp where the shopper opted in, else e-mail; once per order, until the parcel is booked."
      />
      <SelectInput
        id="pay-now-discount-kind"
        label="Discount for paying online"
        value={kind}
        onChange={(value) => setKind(value as PayNowDiscountKind)}
        options={PAY_NOW_DISCOUNT_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {kind === "percent" && input("discount_percent", "Percentage off", "Of what is left to pay, 1 to 50.")}
        {kind === "percent" && input("discount_cap_rupees", "At most (₹)", "Whole rupees; 0 for no cap.")}
        {kind === "fixed" && input("discount_fixed_rupees", "Amount off (₹)", "Whole rupees.")}
        {input("delay_minutes", "Send after (minutes)", "0 sends it at once; at most 1440 (a day).")}
      </div>
      {action.failure && Object.keys(action.failure.fields).length === 0 && (
        <p role="alert" className="text-sm font-medium text-madder">
          {action.failure.message}
        </p>
      )}
      <button type="submit" className={BUTTON_PRIMARY} disabled={action.busy}>
        Save pay-now settings
      </button>
      <Notice notice={notice.notice} onDismiss={notice.dismiss} />
    </form>
  );
}
