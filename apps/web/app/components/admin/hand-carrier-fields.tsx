import { HAND_CARRIERS, HAND_DELIVERED, OTHER_CARRIER } from "@store/shared";
import { SelectInput, TextInput } from "./form-controls";

/** What the seller says about a parcel she ships herself: who takes it, and its number. */
export interface HandShipping {
  carrier: string;
  carrier_name: string;
  tracking_number: string;
}

export const NO_HAND_SHIPPING: HandShipping = { carrier: "", carrier_name: "", tracking_number: "" };

const CARRIER_OPTIONS = [
  { value: "", label: "Choose who takes it" },
  ...HAND_CARRIERS.map((c) => ({ value: c.code, label: c.name })),
  { value: OTHER_CARRIER, label: "Another courier" },
  { value: HAND_DELIVERED, label: "Hand delivered (no tracking number)" },
];

/** The payload's part for these fields: only what the chosen carrier needs (hand delivery has no number). */
export function handShippingBody(value: HandShipping) {
  return {
    ...(value.carrier && { carrier: value.carrier }),
    ...(value.carrier === OTHER_CARRIER && { carrier_name: value.carrier_name }),
    ...(value.carrier !== HAND_DELIVERED && { tracking_number: value.tracking_number }),
  };
}

/**
 * The carrier (a list of common Indian couriers, India Post, another one or hand delivered), its name for
 * "another courier", and the tracking number unless it is hand delivered (issue 40, point 12).
 */
export function HandCarrierFields({
  idPrefix,
  value,
  onChange,
  errors,
  label = "",
}: {
  idPrefix: string;
  value: HandShipping;
  onChange: (value: HandShipping) => void;
  errors: Partial<Record<keyof HandShipping, string>>;
  /** Added to each label, for several orders in one form ("for order 12"). */
  label?: string;
}) {
  const set = (key: keyof HandShipping) => (next: string) => onChange({ ...value, [key]: next });
  return (
    <div className="flex min-w-0 flex-1 flex-wrap items-start gap-3">
      <SelectInput
        id={`${idPrefix}-carrier`}
        label={`Courier${label}`}
        required
        value={value.carrier}
        onChange={set("carrier")}
        options={CARRIER_OPTIONS}
        error={errors.carrier}
        className="min-w-48 flex-1"
      />
      {value.carrier === OTHER_CARRIER && (
        <TextInput
          id={`${idPrefix}-carrier-name`}
          label={`Courier's name${label}`}
          required
          value={value.carrier_name}
          onChange={set("carrier_name")}
          error={errors.carrier_name}
          className="min-w-48 flex-1"
        />
      )}
      {value.carrier !== HAND_DELIVERED && (
        <TextInput
          id={`${idPrefix}-tracking`}
          label={`Tracking number${label}`}
          required
          value={value.tracking_number}
          onChange={set("tracking_number")}
          error={errors.tracking_number}
          className="min-w-48 flex-1"
        />
      )}
    </div>
  );
}
