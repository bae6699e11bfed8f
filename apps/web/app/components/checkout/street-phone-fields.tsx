import { TextField } from "../ui/text-field";

/**
 * The street address and phone a shopper corrects from a message's link: a failed delivery's answer (decision
 * 090) and an address check before booking (decision 092). The town and PIN code are shown, not edited.
 */
export function StreetPhoneFields({
  idPrefix,
  address,
  phone,
  place,
  errors,
}: {
  idPrefix: string;
  address: string;
  phone: string;
  /** "Jaipur 302017: ..." under the street address: what stays as it is. */
  place: string;
  errors: { delivery_address?: string; mobile_number?: string };
}) {
  return (
    <>
      <div>
        <label htmlFor={`${idPrefix}-address`} className="text-sm font-semibold text-charcoal">
          Street address (correct it if it was wrong)
        </label>
        <textarea
          id={`${idPrefix}-address`}
          name="delivery_address"
          rows={3}
          defaultValue={address}
          autoComplete="street-address"
          aria-invalid={errors.delivery_address ? true : undefined}
          aria-describedby={`${idPrefix}-address-hint`}
          className="mt-1.5 w-full rounded-xl border border-charcoal/25 bg-cream/40 px-4 py-3 text-base text-charcoal"
        />
        <p id={`${idPrefix}-address-hint`} className="mt-1 text-xs text-charcoal/75">
          {place}
        </p>
        {errors.delivery_address && <p className="mt-1.5 text-sm font-medium text-madder">{errors.delivery_address}</p>}
      </div>
      <TextField
        id={`${idPrefix}-phone`}
        name="mobile_number"
        label="Phone the courier calls"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        defaultValue={phone}
        error={errors.mobile_number}
      />
    </>
  );
}
