import { useParams, useSearchParams } from "react-router";
import { AuthCard } from "../components/account/auth-card";
import { DeliveryAnswerForm } from "../components/checkout/delivery-answer-form";
import { pageMeta } from "../lib/seo";

export function meta() {
  return [
    ...pageMeta({
      title: "We could not deliver your parcel",
      description: "Choose a new delivery date, correct your address or phone, or cancel the delivery.",
      path: "/delivery",
    }),
    { name: "robots", content: "noindex" },
  ];
}

/** The link in a failed delivery's WhatsApp or e-mail (/delivery/12?token=...): the shopper chooses what next. */
export default function DeliveryAnswer() {
  const { id } = useParams();
  const [params] = useSearchParams();
  return (
    <AuthCard title="We could not deliver your parcel" intro="Tell us what the courier should do next.">
      <DeliveryAnswerForm id={id ?? ""} token={params.get("token") ?? ""} />
    </AuthCard>
  );
}
