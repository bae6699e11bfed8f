import {
  deliveryCorrectionSchema,
  type AdminOrderDetail,
  type DeliveryCorrectionResponse,
  type PincodeResponse,
} from "@store/shared";
import { useEffect, useState } from "react";
import { lookUpPin, SIX_DIGITS } from "../../lib/delivery-pin";
import { FormMessage } from "../account/auth-card";
import { STATE_CHOICES } from "../checkout/countries";
import { useCityQuestion } from "../checkout/use-city-question";
import { adminApi } from "./admin-api";
import { useBackOfficeRole } from "./admin-access";
import { fieldsFromIssues, focusFirstError, type FieldErrors } from "./failures";
import { SelectInput, TextArea, TextInput } from "./form-controls";
import { BUTTON_PRIMARY, BUTTON_SECONDARY, CARD, SECTION_TITLE } from "./styles";
import { useAdminAction } from "./use-admin-resource";

const FIELDS = ["name", "mobile_number", "delivery_address", "pin_code", "city", "state"] as const;
type Field = (typeof FIELDS)[number];
const idOf = (field: string) => `order-address-${field.replace(/_/g, "-")}`;

/**
 * The owner corrects a paid order's Indian delivery address before it ships (decision 061), with the checkout's
 * rules: the PIN code fills the state (and an empty city), a city it does not name is asked about, and the
 * server checks it all again. The answer says what became of the invoice.
 */
export function OrderAddress({
  order,
  onChanged,
}: {
  order: AdminOrderDetail;
  onChanged: (order: AdminOrderDetail) => void;
}) {
  const { isOwner } = useBackOfficeRole();
  const d = order.delivery;
  const [values, setValues] = useState<Record<Field, string>>({
    name: d.name,
    mobile_number: d.mobile_number,
    delivery_address: d.address,
    pin_code: d.pin_code,
    city: d.city,
    state: d.state,
  });
  const [place, setPlace] = useState<PincodeResponse | null>(null);
  const city = useCityQuestion(place, values.city);
  const [fields, setFields] = useState<FieldErrors>({});
  const [note, setNote] = useState<string | null>(null);
  const action = useAdminAction();

  // Six digits: India Post's state (and the city, when empty) for the PIN code, as at checkout.
  const pin = values.pin_code.trim();
  useEffect(() => {
    setPlace(null);
    if (!SIX_DIGITS.test(pin)) return;
    const controller = new AbortController();
    void lookUpPin(pin, controller.signal).then((found) => {
      if (controller.signal.aborted || !found.ok) return;
      setPlace(found.place);
      setValues((v) => ({ ...v, state: found.place.state, city: v.city.trim() ? v.city : found.place.city }));
    });
    return () => controller.abort();
  }, [pin]);

  if (!order.can_correct_address || !isOwner) return null;
  const { question } = city;
  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setNote(null);
  };
  const errorOf = (field: Field) => fields[field] ?? action.failure?.fields[field];

  async function submit() {
    const checked = deliveryCorrectionSchema.safeParse({
      ...values,
      country_code: d.country_code,
      city_confirmed: city.confirmed,
    });
    const found = checked.success ? {} : fieldsFromIssues(checked.error.issues);
    if (question) found.city = question.text;
    if (!checked.success || question) {
      setFields(found);
      focusFirstError(FIELDS, found, idOf);
      return;
    }
    setFields({});
    const answer = await action.run(() =>
      adminApi.put<DeliveryCorrectionResponse>(`/api/admin/orders/${order.id}/delivery-address`, checked.data),
    );
    if (!answer) return;
    setNote(answer.invoice_note ?? "The address is corrected.");
    onChanged(answer.order);
  }

  return (
    <section aria-labelledby="order-address" className={CARD}>
      <h2 id="order-address" className={SECTION_TITLE}>
        Correct the address
      </h2>
      <p className="mt-1 text-sm text-charcoal/80">
        Before the parcel is booked. The invoice is issued again when the state changes, or when it is ₹50,000 or more.
      </p>
      <form
        noValidate
        className="mt-3 space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextInput
          id={idOf("name")}
          label="Full name"
          required
          value={values.name}
          onChange={set("name")}
          error={errorOf("name")}
        />
        <TextInput
          id={idOf("mobile_number")}
          label="Mobile number"
          type="tel"
          required
          value={values.mobile_number}
          onChange={set("mobile_number")}
          error={errorOf("mobile_number")}
        />
        <TextArea
          id={idOf("delivery_address")}
          label="Delivery address"
          rows={3}
          required
          value={values.delivery_address}
          onChange={set("delivery_address")}
          error={errorOf("delivery_address")}
        />
        <div className="grid gap-3 sm:grid-cols-3">
          <TextInput
            id={idOf("pin_code")}
            label="PIN code"
            inputMode="numeric"
            required
            value={values.pin_code}
            onChange={set("pin_code")}
            error={errorOf("pin_code")}
          />
          <TextInput
            id={idOf("city")}
            label="City"
            value={values.city}
            onChange={set("city")}
            error={errorOf("city") ?? question?.text}
          />
          <SelectInput
            id={idOf("state")}
            label="State"
            value={values.state}
            onChange={set("state")}
            options={STATE_CHOICES}
            error={errorOf("state")}
          />
        </div>
        {question && (
          <div role="group" aria-label="Which city?" className="flex flex-wrap gap-2">
            <button type="button" className={BUTTON_SECONDARY} onClick={() => set("city")(question.suggested)}>
              Use {question.suggested}
            </button>
            <button type="button" className={BUTTON_SECONDARY} onClick={city.keep}>
              Keep {question.typed}
            </button>
          </div>
        )}
        {note && <FormMessage tone="success">{note}</FormMessage>}
        {action.failure && !FIELDS.some((f) => action.failure?.fields[f]) && (
          <FormMessage tone="error">{action.failure.message}</FormMessage>
        )}
        <button type="submit" className={BUTTON_PRIMARY} disabled={action.busy}>
          {action.busy ? "Saving..." : "Save the address"}
        </button>
      </form>
    </section>
  );
}
