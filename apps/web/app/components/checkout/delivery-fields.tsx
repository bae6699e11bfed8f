import type { Currency } from "@store/shared";
import { useMemo, useState } from "react";
import { Button } from "../ui/button";
import { CheckoutField, type CheckoutFieldProps } from "./checkout-field";
import { addressShape } from "@store/shared/address-format";
import { callingCode } from "@store/shared/phone-check";
import { countryChoices } from "./countries";
import {
  BUSINESS_FIELDS,
  type CityQuestion,
  deliversInIndia,
  fieldLabel,
  requiredFields,
  shownFields,
  type DeliveryField,
  type DeliveryValues,
  type FieldProblems,
} from "./delivery-form";

type FieldProps = Pick<
  CheckoutFieldProps,
  "autoComplete" | "type" | "inputMode" | "multiline" | "placeholder" | "maxLength" | "hint"
>;

const FIELD_PROPS: Record<DeliveryField, FieldProps> = {
  name: { autoComplete: "name", maxLength: 120 },
  email: {
    autoComplete: "email",
    type: "email",
    inputMode: "email",
    maxLength: 254,
    hint: "Optional. We send your order confirmation here.",
  },
  country_code: { autoComplete: "tel-country-code", inputMode: "tel", placeholder: "+91", maxLength: 8 },
  mobile_number: { autoComplete: "tel-national", type: "tel", inputMode: "tel", maxLength: 20 },
  delivery_country: { autoComplete: "country" },
  delivery_address: { autoComplete: "street-address", multiline: true, maxLength: 500 },
  city: { autoComplete: "address-level2", maxLength: 100 },
  state: { autoComplete: "address-level1", maxLength: 100 },
  pin_code: { autoComplete: "postal-code", maxLength: 12 },
  comment: {
    autoComplete: "off",
    multiline: true,
    maxLength: 1000,
    hint: "Optional: a landmark, or the best time to deliver.",
  },
  buyer_gstin: {
    autoComplete: "off",
    maxLength: 15,
    placeholder: "15 characters, e.g. 29AAGCS5678D1ZY",
    hint: "Printed on your tax invoice, so you can claim input tax credit.",
  },
  buyer_legal_name: { autoComplete: "organization", maxLength: 100, hint: "As registered with this GSTIN." },
};

const PLACE_COLUMNS = ["", "sm:grid-cols-2", "sm:grid-cols-2", "sm:grid-cols-3"];

/**
 * Rows as laid out on wider screens (one column on phones); city, state and postcode are the ones the
 * country writes, in its order ("10115 Berlin": postcode first).
 */
function rows(country: string): { fields: DeliveryField[]; columns: string }[] {
  const shown = shownFields(country);
  const place = shown.filter((field) => field === "city" || field === "state" || field === "pin_code");
  return [
    { fields: ["name", "email"], columns: "sm:grid-cols-2" },
    { fields: ["country_code", "mobile_number"], columns: "grid-cols-[7.5rem_1fr] sm:grid-cols-[8rem_1fr]" },
    { fields: ["delivery_country"], columns: "sm:grid-cols-2" },
    { fields: ["delivery_address"], columns: "" },
    ...(place.length > 0 ? [{ fields: place, columns: PLACE_COLUMNS[place.length] ?? "" }] : []),
    { fields: ["comment"], columns: "" },
  ];
}

export const fieldId = (field: DeliveryField) => `checkout-${field}`;

/**
 * The spec's delivery form fields (section 3), city, state and PIN code marked required (section 5). A city
 * its PIN code does not name is asked about under the city (its text is the field's message), with both
 * answers as buttons.
 */
export function DeliveryFields({
  values,
  problems,
  currency,
  emailRequired,
  onChange,
  cityQuestion,
  onKeepCity,
}: {
  values: DeliveryValues;
  problems: FieldProblems;
  currency: Currency;
  /** A guest paying cash on delivery: the code that confirms the order is e-mailed. */
  emailRequired: boolean;
  onChange: (field: DeliveryField, value: string) => void;
  cityQuestion: CityQuestion | null;
  onKeepCity: () => void;
}) {
  const countries = useMemo(() => countryChoices(), []);
  // Ticked by the shopper, or by filled fields (an approved trade buyer's are prefilled); unticking clears them.
  const [ticked, setTicked] = useState(false);
  const business = ticked || values.buyer_gstin !== "" || values.buyer_legal_name !== "";
  const india = deliversInIndia(values);
  const country = values.delivery_country;
  const shape = addressShape(country);
  const required = requiredFields(country);
  // States or provinces are chosen from the country's list where it has one (India: the GST list, which
  // the invoice's place of supply needs).
  const choices: Partial<Record<DeliveryField, CheckoutFieldProps["options"]>> = {
    delivery_country: countries,
    ...(shape.states && {
      state: [{ value: "", label: `Choose your ${shape.labels.state.toLowerCase()}` }, ...shape.states],
    }),
  };
  return (
    <div className="space-y-5">
      {rows(country).map(({ fields, columns }) => (
        <div key={fields.join()} className={`grid gap-5 ${columns}`}>
          {fields.map((field) => (
            <CheckoutField
              key={field}
              id={fieldId(field)}
              name={field}
              label={fieldLabel(field, country)}
              value={values[field]}
              onChange={(value) => onChange(field, value)}
              required={required.includes(field) || (field === "email" && emailRequired)}
              error={problems[field]}
              {...FIELD_PROPS[field]}
              options={choices[field]}
              {...(field === "pin_code" && india && { inputMode: "numeric" as const, maxLength: 6 })}
              {...(field === "pin_code" && !india && shape.postcodeExample && { placeholder: shape.postcodeExample })}
              {...(field === "country_code" && { placeholder: callingCode(country) || "+91" })}
              {...(field === "delivery_address" && currency !== "INR" && { hint: "House or flat number and street." })}
              {...(field === "email" &&
                emailRequired && { hint: "Required for cash on delivery: we e-mail you a code to confirm the order." })}
            />
          ))}
          {cityQuestion && fields.includes("city") && (
            <div role="group" aria-label="Which city?" className="flex flex-wrap gap-3 sm:col-span-3">
              <Button size="sm" onClick={() => onChange("city", cityQuestion.suggested)}>
                Use {cityQuestion.suggested}
              </Button>
              <Button variant="secondary" size="sm" onClick={onKeepCity}>
                Keep {cityQuestion.typed}
              </Button>
            </div>
          )}
        </div>
      ))}
      {india && (
        <div className="space-y-4">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={business}
              onChange={(event) => {
                setTicked(event.target.checked);
                if (!event.target.checked) for (const field of BUSINESS_FIELDS) onChange(field, "");
              }}
            />
            Add GSTIN for business purchase (input tax credit)
          </label>
          {business && (
            <div className="grid gap-5 sm:grid-cols-2">
              {BUSINESS_FIELDS.map((field) => (
                <CheckoutField
                  key={field}
                  id={fieldId(field)}
                  name={field}
                  label={fieldLabel(field, country)}
                  value={values[field]}
                  onChange={(value) => onChange(field, field === "buyer_gstin" ? value.toUpperCase() : value)}
                  required
                  error={problems[field]}
                  {...FIELD_PROPS[field]}
                />
              ))}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
