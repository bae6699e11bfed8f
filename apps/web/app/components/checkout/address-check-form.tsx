import { MESSAGES, type AddressCheckLinkView } from "@store/shared";
import { ChoiceRadios } from "./choice-radios";
import { useRef, useState } from "react";
import { api } from "../../lib/api";
import { useTokenLink } from "./use-token-link";
import { useHydrated } from "../../lib/use-hydrated";
import { FormMessage } from "../account/auth-card";
import { problemsFromApi, type Problems } from "../account/form-problems";
import { Button } from "../ui/button";
import { StreetPhoneFields } from "./street-phone-fields";

const FIELDS = ["action", "delivery_address", "mobile_number"] as const;
type Field = (typeof FIELDS)[number];

/**
 * The address check's page (decision 092): the address as the order has it, why the seller asks, then "it is
 * right" or the corrected street address and phone (the failed delivery answer's fields). Answers once.
 */
export function AddressCheckForm({ id, token }: { id: string; token: string }) {
  const hydrated = useHydrated();
  const [problems, setProblems] = useState<Problems<Field>>({ fields: {}, form: null });
  const [choice, setChoice] = useState<"confirm" | "correct">("correct");
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);
  const path = `/api/address-checks/${encodeURIComponent(id)}`;
  const [link, setLink, loadError] = useTokenLink<AddressCheckLinkView>(path, token);

  if (!token)
    return (
      <FormMessage tone="error">This link is incomplete. Please open the link from our message again.</FormMessage>
    );
  if (loadError) return <FormMessage tone="error">{loadError}</FormMessage>;
  if (!link) return <p className="text-charcoal/80">Checking your link...</p>;

  const address = (
    <address className="mb-5 not-italic text-charcoal">
      <span className="block font-semibold">{`Order #${link.order_id}: ${link.delivery_name}`}</span>
      <span className="block">{link.delivery_address}</span>
      <span className="block">{`${link.city}, ${link.state} ${link.pin_code}`}</span>
      <span className="block">{link.mobile_number}</span>
    </address>
  );
  if (link.resolution)
    return (
      <>
        {address}
        <FormMessage tone="success">
          {link.resolution === "confirmed"
            ? "Thank you: we will ship to this address."
            : "Thank you: we have corrected the address and will ship there."}
        </FormMessage>
      </>
    );

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const data = new FormData(event.currentTarget);
    const body =
      choice === "confirm"
        ? { action: "confirm" }
        : {
            action: "correct",
            delivery_address: String(data.get("delivery_address") ?? "").trim(),
            mobile_number: String(data.get("mobile_number") ?? "").trim(),
          };
    inFlight.current = true;
    setSending(true);
    setProblems({ fields: {}, form: null });
    try {
      setLink(
        await api.post<AddressCheckLinkView>(`${path}/answer?token=${encodeURIComponent(token)}`, body, {
          auth: false,
        }),
      );
    } catch (failure) {
      setProblems(problemsFromApi(failure, FIELDS, MESSAGES.unexpectedError));
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-busy={sending} className="space-y-5">
      {address}
      {link.problem_texts.length > 0 && (
        <ul className="list-disc space-y-1 pl-5 text-sm text-charcoal/85">
          {link.problem_texts.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      )}
      {problems.form && <FormMessage tone="error">{problems.form}</FormMessage>}
      <ChoiceRadios
        legend="Is this address right?"
        options={[
          ["correct", "Correct the street address or phone"],
          ["confirm", "Yes, it is right as it is"],
        ]}
        chosen={choice}
        onChoose={setChoice}
      />
      {choice === "correct" && (
        <StreetPhoneFields
          idPrefix="check"
          address={link.delivery_address}
          phone={link.mobile_number}
          place={`${link.city} ${link.pin_code}: to change the town or PIN code, write to us.`}
          errors={problems.fields}
        />
      )}
      <Button type="submit" size="xl" className="w-full" disabled={!hydrated || sending}>
        {sending ? "Sending..." : choice === "confirm" ? "Confirm the address" : "Save the corrected address"}
      </Button>
    </form>
  );
}
