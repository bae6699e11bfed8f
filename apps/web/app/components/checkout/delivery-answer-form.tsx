import { MESSAGES, type NdrLinkView } from "@store/shared";
import { ChoiceRadios } from "./choice-radios";
import { useRef, useState } from "react";
import { api } from "../../lib/api";
import { useTokenLink } from "./use-token-link";
import { useHydrated } from "../../lib/use-hydrated";
import { FormMessage } from "../account/auth-card";
import { problemsFromApi, type Problems } from "../account/form-problems";
import { Button } from "../ui/button";
import { StreetPhoneFields } from "./street-phone-fields";

const FIELDS = ["action", "date", "delivery_address", "mobile_number"] as const;
type Field = (typeof FIELDS)[number];

/** "Tue 8 Dec" for an IST calendar day. */
const dayName = (day: string) =>
  new Date(`${day}T12:00:00+05:30`).toLocaleDateString("en-IN", {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "Asia/Kolkata",
  });

function AnswerSummary({ link }: { link: NdrLinkView }) {
  const answer = link.answer!;
  if (answer.action === "cancel")
    return (
      <FormMessage tone="success">You asked us to cancel the delivery. The parcel will come back to us.</FormMessage>
    );
  return (
    <FormMessage tone="success">
      {`Thank you. We will ask the courier to come again on ${dayName(answer.date!)}`}
      {answer.delivery_address && ` to ${answer.delivery_address}`}
      {answer.mobile_number && `, calling ${answer.mobile_number}`}.
    </FormMessage>
  );
}

/**
 * A failed delivery's answer page (decision 090): the courier's reason, then a new date (with the street address
 * or phone corrected where wrong) or cancel. The server checks everything again and answers once.
 */
export function DeliveryAnswerForm({ id, token }: { id: string; token: string }) {
  const hydrated = useHydrated();
  const [problems, setProblems] = useState<Problems<Field>>({ fields: {}, form: null });
  const [choice, setChoice] = useState<"reattempt" | "cancel">("reattempt");
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);
  const path = `/api/deliveries/${encodeURIComponent(id)}`;
  const [link, setLink, loadError] = useTokenLink<NdrLinkView>(path, token);

  if (!token)
    return (
      <FormMessage tone="error">This link is incomplete. Please open the link from our message again.</FormMessage>
    );
  if (loadError) return <FormMessage tone="error">{loadError}</FormMessage>;
  if (!link) return <p className="text-charcoal/80">Checking your link...</p>;

  const intro = (
    <p className="mb-5 text-charcoal">{`Order #${link.order_id}, attempt ${link.attempt}: ${link.reason_text}.`}</p>
  );
  if (link.answer)
    return (
      <>
        {intro}
        <AnswerSummary link={link} />
      </>
    );
  if (link.closed)
    return (
      <>
        {intro}
        <FormMessage tone="success">We have already told the courier what to do with this parcel.</FormMessage>
      </>
    );

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current || !link) return;
    const data = new FormData(event.currentTarget);
    const address = String(data.get("delivery_address") ?? "").trim();
    const phone = String(data.get("mobile_number") ?? "").trim();
    const body =
      choice === "cancel"
        ? { action: "cancel" }
        : {
            action: "reattempt",
            date: String(data.get("date") ?? ""),
            // Only what the shopper changed goes to the courier.
            ...(address !== link.delivery_address.trim() && { delivery_address: address }),
            ...(phone !== link.mobile_number.trim() && { mobile_number: phone }),
          };
    inFlight.current = true;
    setSending(true);
    setProblems({ fields: {}, form: null });
    try {
      setLink(await api.post<NdrLinkView>(`${path}/answer?token=${encodeURIComponent(token)}`, body, { auth: false }));
    } catch (failure) {
      setProblems(problemsFromApi(failure, FIELDS, MESSAGES.unexpectedError));
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-busy={sending} className="space-y-5">
      {intro}
      {problems.form && <FormMessage tone="error">{problems.form}</FormMessage>}
      <ChoiceRadios
        legend="What should we do?"
        options={[
          ["reattempt", "Deliver it again"],
          ["cancel", "Cancel the delivery (the parcel comes back to us)"],
        ]}
        chosen={choice}
        onChoose={setChoice}
      />
      {choice === "reattempt" && (
        <>
          <fieldset aria-describedby={problems.fields.date ? "date-error" : undefined}>
            <legend className="text-sm font-semibold text-charcoal">Which day?</legend>
            <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
              {link.dates.map((day, i) => (
                <label key={day} className="flex items-center gap-2 rounded-xl border border-charcoal/25 px-3 py-2">
                  <input type="radio" name="date" value={day} defaultChecked={i === 0} />
                  {dayName(day)}
                </label>
              ))}
            </div>
            {problems.fields.date && (
              <p id="date-error" className="mt-1.5 text-sm font-medium text-madder">
                {problems.fields.date}
              </p>
            )}
          </fieldset>
          <StreetPhoneFields
            idPrefix="ndr"
            address={link.delivery_address}
            phone={link.mobile_number}
            place={`${link.city} ${link.pin_code}: the courier cannot change the town or PIN code.`}
            errors={problems.fields}
          />
        </>
      )}
      <Button type="submit" size="xl" className="w-full" disabled={!hydrated || sending}>
        {sending ? "Sending..." : choice === "cancel" ? "Cancel the delivery" : "Ask for a new delivery"}
      </Button>
    </form>
  );
}
