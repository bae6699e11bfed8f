import { CURRENCY_SIGNS, shippingFeesSchema, SHIPPING_DAYS, type Currency, type ShippingFees } from "@store/shared";
import { useState } from "react";
import { adminApi } from "./admin-api";
import { fieldsFromIssues, focusFirstError, type FieldErrors } from "./failures";
import { TextInput } from "./form-controls";
import { BUTTON_PRIMARY, CARD, SECTION_TITLE } from "./styles";
import { useAdminAction } from "./use-admin-resource";
import { Notice, useNotice } from "../ui/notice";

const CURRENCIES: readonly Currency[] = ["INR", "USD"];
/** The field of each currency's fee, as the shared schema and the server name it. */
const fieldOf = (currency: Currency) => `india-express.${currency}`;
const idOf = (field: string) => `shipping-fee-${field.replace(/\./g, "-").toLowerCase()}`;

const LABELS: Record<Currency, string> = {
  INR: "Express delivery fee in rupees",
  USD: "Express delivery fee in US dollars",
};
const { earliest, latest } = SHIPPING_DAYS.indiaExpress;
const HINTS: Record<Currency, string> = {
  INR: `Whole rupees, added when a shopper in India picks express delivery (${earliest}-${latest} business days); 0 makes it free. Standard delivery stays free.`,
  USD: "Whole dollars, for orders paid in US dollars: not converted from the rupee fee.",
};

/**
 * The shipping fees the seller sets (decision 071): India express, per currency. Checkout, the order's
 * invoice and the shipping policy follow from the next order on; an order already placed keeps its fee.
 */
export function ShippingFeesForm({ saved, onSaved }: { saved: ShippingFees; onSaved: (next: ShippingFees) => void }) {
  const [values, setValues] = useState<Record<Currency, string>>(() => ({
    INR: String(saved["india-express"].INR),
    USD: String(saved["india-express"].USD),
  }));
  const [fields, setFields] = useState<FieldErrors>({});
  const action = useAdminAction();
  const notice = useNotice();
  const errorOf = (currency: Currency) => fields[fieldOf(currency)] ?? action.failure?.fields[fieldOf(currency)];

  async function submit() {
    const checked = shippingFeesSchema.safeParse({ "india-express": { INR: values.INR, USD: values.USD } });
    if (!checked.success) {
      const found = fieldsFromIssues(checked.error.issues);
      setFields(found);
      focusFirstError(CURRENCIES.map(fieldOf), found, idOf);
      return;
    }
    setFields({});
    const next = await action.run(() => adminApi.put<ShippingFees>("/api/admin/settings/shipping-fees", checked.data));
    if (!next) return;
    notice.show("Shipping fees saved.");
    onSaved(next);
  }

  const serverFieldError = CURRENCIES.some((currency) => action.failure?.fields[fieldOf(currency)]);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      className={`${CARD} max-w-2xl space-y-4`}
      aria-labelledby="shipping-fees-title"
    >
      <h2 id="shipping-fees-title" className={SECTION_TITLE}>
        Shipping fees
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        {CURRENCIES.map((currency) => (
          <TextInput
            key={currency}
            id={idOf(fieldOf(currency))}
            label={`${LABELS[currency]} (${CURRENCY_SIGNS[currency]})`}
            inputMode="numeric"
            value={values[currency]}
            onChange={(value) => setValues((v) => ({ ...v, [currency]: value }))}
            error={errorOf(currency)}
            hint={HINTS[currency]}
          />
        ))}
      </div>
      {action.failure && !serverFieldError && (
        <p role="alert" className="text-sm font-medium text-madder">
          {action.failure.message}
        </p>
      )}
      <button type="submit" className={BUTTON_PRIMARY} disabled={action.busy}>
        Save shipping fees
      </button>
      <Notice notice={notice.notice} onDismiss={notice.dismiss} />
    </form>
  );
}
