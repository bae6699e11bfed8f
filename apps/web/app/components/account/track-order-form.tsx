import { LOOKUP_CONTACT_HINT, MESSAGES, type OrderLookupRequest, type OrderLookupResponse } from "@store/shared";
import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import { api } from "../../lib/api";
import { useHydrated } from "../../lib/use-hydrated";
import { Button } from "../ui/button";
import { TextField } from "../ui/text-field";
import { FormMessage } from "./auth-card";
import {
  focusFirstProblem,
  hasProblems,
  noProblems,
  problemsFromApi,
  readFields,
  type Problems,
} from "./form-problems";

const FIELDS = ["order_number", "contact"] as const;
type Field = (typeof FIELDS)[number];

/** `/track-order`: the order number with the e-mail or phone it was placed with opens the order's page. */
export function TrackOrderForm() {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [problems, setProblems] = useState<Problems<Field>>(noProblems());
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const form = event.currentTarget;
    const values = readFields(form, FIELDS);
    const empty: Problems<Field> = noProblems();
    if (!values.order_number.trim()) empty.fields.order_number = MESSAGES.fillThisField;
    if (!values.contact.trim()) empty.fields.contact = MESSAGES.fillThisField;
    if (hasProblems(empty)) {
      setProblems(empty);
      focusFirstProblem(form, FIELDS, empty);
      return;
    }
    inFlight.current = true;
    setSending(true);
    setProblems(noProblems());
    try {
      const body: OrderLookupRequest = { order_number: values.order_number.trim(), contact: values.contact.trim() };
      const found = await api.post<OrderLookupResponse>("/api/orders/lookup", body, { auth: false });
      await navigate(found.data.path);
    } catch (error) {
      setProblems(problemsFromApi(error, FIELDS, MESSAGES.unexpectedError));
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-busy={sending} className="space-y-5">
      <TextField
        id="track-order-number"
        name="order_number"
        label="Order number"
        inputMode="numeric"
        autoComplete="off"
        error={problems.fields.order_number}
      />
      <TextField
        id="track-contact"
        name="contact"
        label="E-mail or phone number used for the order"
        hint={LOOKUP_CONTACT_HINT}
        autoComplete="email"
        error={problems.fields.contact}
      />
      {problems.form && <FormMessage tone="error">{problems.form}</FormMessage>}
      <Button type="submit" size="xl" className="w-full" disabled={!hydrated || sending}>
        {sending ? "Finding your order..." : "Track order"}
      </Button>
    </form>
  );
}
