import { bankTransferSettingsSchema, type BankTransferSettings } from "@store/shared";
import { useEffect, useState } from "react";
import { adminApi } from "../../components/admin/admin-api";
import { useAdminAccess } from "../../components/admin/admin-access";
import { adminMeta } from "../../components/admin/admin-meta";
import { failureOf, fieldsFromIssues, focusFirstError, type FieldErrors } from "../../components/admin/failures";
import { CheckboxInput, TextInput } from "../../components/admin/form-controls";
import { LoadState } from "../../components/admin/list-table";
import { PageHeader } from "../../components/admin/page-header";
import { BUTTON_PRIMARY, CARD, SECTION_TITLE } from "../../components/admin/styles";
import { useAdminAction } from "../../components/admin/use-admin-resource";
import { Notice, useNotice } from "../../components/ui/notice";
import { isApiError } from "../../lib/api";

export function meta() {
  return adminMeta("Bank transfer");
}

type Form = Record<Exclude<keyof BankTransferSettings, "enabled">, string> & { enabled: boolean };

const EMPTY: Form = {
  enabled: true,
  account_name: "",
  bank_name: "",
  account_number: "",
  ifsc: "",
  branch: "",
  upi_id: "",
  days_to_pay: "7",
};

const FIELDS = [
  "account_name",
  "bank_name",
  "account_number",
  "ifsc",
  "branch",
  "upi_id",
  "days_to_pay",
] as const satisfies readonly (keyof Form)[];

const formOf = (saved: BankTransferSettings): Form => ({
  ...saved,
  upi_id: saved.upi_id ?? "",
  days_to_pay: String(saved.days_to_pay),
});

const fieldId = (field: string) => `bank-transfer-${field.replace(/_/g, "-")}`;

type Loaded = { status: "loading" } | { status: "error"; message: string } | { status: "ready"; saved: Form | null };

/**
 * The account bank-transfer buyers pay into (decision 098): its details as the order page shows them, the days a
 * buyer has to pay before the order lapses, and whether the choice is offered at checkout. Owner only.
 */
export default function BankTransferSettingsScreen() {
  const { refuse } = useAdminAccess();
  const [loaded, setLoaded] = useState<Loaded>({ status: "loading" });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    adminApi.get<BankTransferSettings>("/api/admin/bank-transfer/settings", undefined, controller.signal).then(
      (saved) => setLoaded({ status: "ready", saved: formOf(saved) }),
      (error: unknown) => {
        if (controller.signal.aborted || refuse(error)) return;
        // No account saved yet: an empty form to save the first one.
        if (isApiError(error, 404, "BANK_ACCOUNT_NOT_SET")) setLoaded({ status: "ready", saved: null });
        else setLoaded({ status: "error", message: failureOf(error).message });
      },
    );
    return () => controller.abort();
  }, [version, refuse]);
  return (
    <>
      <PageHeader
        title="Bank transfer"
        lead="Trade buyers may pay by NEFT, RTGS or IMPS into this account, quoting their order's reference."
      />
      {loaded.status === "ready" ? (
        <SettingsForm saved={loaded.saved} />
      ) : (
        <LoadState
          error={loaded.status === "error" ? loaded.message : null}
          onRetry={() => setVersion((n) => n + 1)}
          rows={4}
        />
      )}
    </>
  );
}

function SettingsForm({ saved }: { saved: Form | null }) {
  const [form, setForm] = useState<Form>(saved ?? EMPTY);
  const [fields, setFields] = useState<FieldErrors>({});
  const action = useAdminAction();
  const notice = useNotice();
  const set = (field: keyof Form) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const errorOf = (field: string) => fields[field] ?? action.failure?.fields[field];

  async function submit() {
    const days = form.days_to_pay.trim();
    const checked = bankTransferSettingsSchema.safeParse({
      ...form,
      days_to_pay: /^-?\d+(\.\d+)?$/.test(days) ? Number(days) : days,
    });
    if (!checked.success) {
      const problems = fieldsFromIssues(checked.error.issues);
      setFields(problems);
      focusFirstError(FIELDS, problems, fieldId);
      return;
    }
    setFields({});
    const next = await action.run(() =>
      adminApi.put<BankTransferSettings>("/api/admin/bank-transfer/settings", checked.data),
    );
    if (!next) return;
    setForm(formOf(next));
    notice.show(next.enabled ? "Bank details saved. Trade buyers can pay by bank transfer." : "Bank details saved.");
  }

  const text = (
    field: (typeof FIELDS)[number],
    label: string,
    extra: Partial<Parameters<typeof TextInput>[0]> = {},
  ) => (
    <TextInput
      id={fieldId(field)}
      label={label}
      value={form[field]}
      onChange={set(field)}
      error={errorOf(field)}
      required={field !== "upi_id"}
      {...extra}
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
      aria-labelledby="bank-account-title"
    >
      <h2 id="bank-account-title" className={SECTION_TITLE}>
        Account to pay into
      </h2>
      {!saved && <p className="text-sm text-charcoal/80">No account saved yet: bank transfer is not offered.</p>}
      {text("account_name", "Account name", { autoComplete: "organization" })}
      {text("bank_name", "Bank")}
      {text("account_number", "Account number", { inputMode: "numeric", hint: "9 to 18 digits." })}
      {text("ifsc", "IFSC", { hint: "11 characters, e.g. SBIN0001234." })}
      {text("branch", "Branch")}
      {text("upi_id", "UPI ID (optional)", { hint: "Shown beside the account, e.g. shop@okaxis." })}
      {text("days_to_pay", "Days to pay", {
        inputMode: "numeric",
        hint: "1 to 30. An order not paid by then lapses and its pieces go back on sale.",
      })}
      <CheckboxInput
        id="bank-transfer-enabled"
        label="Offer bank transfer at checkout"
        checked={form.enabled}
        onChange={(enabled) => setForm((f) => ({ ...f, enabled }))}
      />
      {action.failure && Object.keys(action.failure.fields).length === 0 && (
        <p role="alert" className="text-sm font-medium text-madder">
          {action.failure.message}
        </p>
      )}
      <button type="submit" className={BUTTON_PRIMARY} disabled={action.busy}>
        Save bank details
      </button>
      <Notice notice={notice.notice} onDismiss={notice.dismiss} />
    </form>
  );
}
