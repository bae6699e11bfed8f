import { giftCardProductInputSchema, type GiftCardProduct } from "@store/shared";
import { useState, type FormEvent } from "react";
import { adminApi } from "./admin-api";
import { failureOf, fieldsFromIssues, focusFirstError, type FieldErrors } from "./failures";
import { CheckboxInput, SelectInput, TextArea, TextInput } from "./form-controls";
import { BUTTON_PRIMARY, BUTTON_SECONDARY, CARD, SECTION_TITLE } from "./styles";

const ORDER = ["name", "description", "currency", "fixed_amounts", "min_amount", "max_amount"];
const idOf = (field: string) => `gcp-${field.split(".")[0]}`;

/** "500, 1000, 2000" as numbers; anything unreadable stays NaN, for the schema to name. */
const amountsOf = (text: string) =>
  text
    .split(/[,\s]+/)
    .filter(Boolean)
    .map(Number);
const optionalNumber = (text: string) => (text.trim() === "" ? null : Number(text));

/**
 * A gift card product, new or edited (issue 42): name, description, currency, fixed amounts and/or a range,
 * on sale or not. Checked with the shared schema first, then by the server.
 */
export function GiftCardProductForm({
  product,
  onSaved,
  onCancel,
}: {
  product: GiftCardProduct | null;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState({
    name: product?.name ?? "",
    description: product?.description ?? "",
    currency: product?.currency ?? "INR",
    fixed: product?.fixed_amounts.join(", ") ?? "",
    min: product?.min_amount?.toString() ?? "",
    max: product?.max_amount?.toString() ?? "",
    active: product?.active ?? true,
  });
  const [fields, setFields] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof values) => (value: string | boolean) => setValues((v) => ({ ...v, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = giftCardProductInputSchema.safeParse({
      name: values.name,
      description: values.description,
      currency: values.currency,
      fixed_amounts: amountsOf(values.fixed),
      min_amount: optionalNumber(values.min),
      max_amount: optionalNumber(values.max),
      active: values.active,
    });
    if (!parsed.success) {
      const found = Object.fromEntries(
        Object.entries(fieldsFromIssues(parsed.error.issues)).map(([k, v]) => [k.split(".")[0]!, v]),
      );
      setFields(found);
      setMessage("Please correct the fields marked below.");
      focusFirstError(ORDER, found, idOf);
      return;
    }
    setBusy(true);
    try {
      if (product) await adminApi.put(`/api/admin/gift-card-products/${product.id}`, parsed.data);
      else await adminApi.post("/api/admin/gift-card-products", parsed.data);
      onSaved();
    } catch (error) {
      const failure = failureOf(error);
      setFields(failure.fields);
      setMessage(failure.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className={`${CARD} mb-6 space-y-4`} aria-labelledby="gcp-title">
      <h2 id="gcp-title" className={SECTION_TITLE}>
        {product ? `Edit ${product.name}` : "New gift card"}
      </h2>
      {message && (
        <p role="alert" className="text-sm font-medium text-madder">
          {message}
        </p>
      )}
      <TextInput id="gcp-name" label="Name" required value={values.name} onChange={set("name")} error={fields.name} />
      <TextArea
        id="gcp-description"
        label="Short description"
        rows={2}
        value={values.description}
        onChange={set("description")}
        error={fields.description}
      />
      <SelectInput
        id="gcp-currency"
        label="Currency"
        value={values.currency}
        onChange={set("currency")}
        options={[
          { value: "INR", label: "Rupees (INR)" },
          { value: "USD", label: "Dollars (USD)" },
        ]}
        error={fields.currency}
        hint={product ? "Cards already bought keep their currency and amount." : undefined}
      />
      <TextInput
        id="gcp-fixed_amounts"
        label="Fixed amounts"
        hint="Separated by commas, for example 500, 1000, 2000. Leave empty to sell only a range."
        value={values.fixed}
        onChange={set("fixed")}
        error={fields.fixed_amounts}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          id="gcp-min_amount"
          label="Chosen amount from"
          inputMode="decimal"
          value={values.min}
          onChange={set("min")}
          error={fields.min_amount}
        />
        <TextInput
          id="gcp-max_amount"
          label="Chosen amount up to"
          inputMode="decimal"
          value={values.max}
          onChange={set("max")}
          error={fields.max_amount}
          hint="Leave both empty to sell only the fixed amounts."
        />
      </div>
      <CheckboxInput id="gcp-active" label="On sale" checked={values.active} onChange={set("active")} />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={BUTTON_PRIMARY} disabled={busy}>
          {busy ? "Saving..." : product ? "Save changes" : "Create gift card"}
        </button>
        <button type="button" className={BUTTON_SECONDARY} onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
