import { INDIAN_STATES, sellerGstSchema, type SellerGstResponse } from "@store/shared";
import { useState } from "react";
import { adminApi } from "./admin-api";
import { fieldsFromIssues, focusFirstError, type FieldErrors } from "./failures";
import { SelectInput, TextArea, TextInput } from "./form-controls";
import { BUTTON_PRIMARY, CARD, SECTION_TITLE } from "./styles";
import { useAdminAction } from "./use-admin-resource";
import { Notice, useNotice } from "../ui/notice";

const FIELDS = [
  "legal_name",
  "address",
  "gstin",
  "state_code",
  "invoice_prefix",
  "lut_reference",
  "lut_financial_year",
  "iec",
] as const;
type Field = (typeof FIELDS)[number];
const idOf = (field: string) => `gst-${field.replace(/_/g, "-")}`;

const EMPTY: Record<Field, string> = {
  legal_name: "",
  address: "",
  gstin: "",
  state_code: "",
  invoice_prefix: "",
  lut_reference: "",
  lut_financial_year: "",
  iec: "",
};

const STATE_OPTIONS = [
  { value: "", label: "Choose a state" },
  ...INDIAN_STATES.map((s) => ({ value: s.code, label: `${s.name} (${s.code})` })),
];

/**
 * The seller's GST registration as the invoices print it (issue 15), with the LUT and the financial year it was
 * furnished for (issue 38). The shared schema checks it here first (the GSTIN's check character and state), and
 * the server's field errors land under the same fields. The server's word on the LUT (it lapses on 31 March)
 * shows above the form.
 */
export function SellerGstForm({ saved }: { saved: SellerGstResponse }) {
  const [values, setValues] = useState<Record<Field, string>>(saved.gst ?? EMPTY);
  const [lutNotice, setLutNotice] = useState(saved.lut_notice);
  const [fields, setFields] = useState<FieldErrors>({});
  const action = useAdminAction();
  const notice = useNotice();
  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const errorOf = (field: Field) => fields[field] ?? action.failure?.fields[field];

  async function submit() {
    const checked = sellerGstSchema.safeParse(values);
    if (!checked.success) {
      const found = fieldsFromIssues(checked.error.issues);
      setFields(found);
      focusFirstError(FIELDS, found, idOf);
      return;
    }
    setFields({});
    const next = await action.run(() => adminApi.put<SellerGstResponse>("/api/admin/settings/gst", checked.data));
    if (!next) {
      return;
    }
    if (next.gst) setValues(next.gst);
    setLutNotice(next.lut_notice);
    notice.show("GST registration saved.");
  }

  const serverFieldError = action.failure && FIELDS.some((f) => action.failure?.fields[f]);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      className={`${CARD} max-w-2xl space-y-4`}
      aria-labelledby="gst-title"
    >
      <h2 id="gst-title" className={SECTION_TITLE}>
        GST registration
      </h2>
      <p className="text-sm text-charcoal/75">
        Printed on every tax invoice. {saved.gst ? "" : "Until it is saved, orders are confirmed without an invoice."}
      </p>
      {lutNotice && (
        <p role="status" className="rounded-lg bg-turmeric/20 p-3 text-sm font-medium text-charcoal">
          {lutNotice}
        </p>
      )}
      <TextInput
        id={idOf("legal_name")}
        label="Legal name"
        required
        autoComplete="organization"
        value={values.legal_name}
        onChange={set("legal_name")}
        error={errorOf("legal_name")}
      />
      <TextArea
        id={idOf("address")}
        label="Address"
        required
        rows={3}
        value={values.address}
        onChange={set("address")}
        error={errorOf("address")}
        hint="The principal place of business, as on the registration certificate."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          id={idOf("gstin")}
          label="GSTIN"
          required
          value={values.gstin}
          onChange={(v) => set("gstin")(v.toUpperCase())}
          error={errorOf("gstin")}
          placeholder="08ABCDE1234F1Z5"
        />
        <SelectInput
          id={idOf("state_code")}
          label="State"
          required
          value={values.state_code}
          onChange={set("state_code")}
          options={STATE_OPTIONS}
          error={errorOf("state_code")}
          hint="The state the GSTIN was issued in."
        />
        <TextInput
          id={idOf("invoice_prefix")}
          label="Invoice prefix"
          required
          value={values.invoice_prefix}
          onChange={(v) => set("invoice_prefix")(v.toUpperCase())}
          error={errorOf("invoice_prefix")}
          hint="1 to 3 letters or digits: invoices are numbered like JKH/26-27/000123."
        />
        <TextInput
          id={idOf("lut_reference")}
          label="LUT reference"
          value={values.lut_reference}
          onChange={set("lut_reference")}
          error={errorOf("lut_reference")}
          hint="Leave empty when you have no Letter of Undertaking; exports are then invoiced with IGST."
        />
        <TextInput
          id={idOf("lut_financial_year")}
          label="LUT for financial year"
          value={values.lut_financial_year}
          onChange={set("lut_financial_year")}
          error={errorOf("lut_financial_year")}
          placeholder="2026-27"
          hint="The April-to-March year it was furnished for: it covers that year's exports only."
        />
        <TextInput
          id={idOf("iec")}
          label="Importer-Exporter Code (IEC)"
          value={values.iec}
          onChange={set("iec")}
          error={errorOf("iec")}
          hint="Printed on the customs papers of parcels sent abroad and sent to the courier with them."
        />
      </div>
      {action.failure && !serverFieldError && (
        <p role="alert" className="text-sm font-medium text-madder">
          {action.failure.message}
        </p>
      )}
      <button type="submit" className={BUTTON_PRIMARY} disabled={action.busy}>
        Save GST registration
      </button>
      <Notice notice={notice.notice} onDismiss={notice.dismiss} />
    </form>
  );
}
