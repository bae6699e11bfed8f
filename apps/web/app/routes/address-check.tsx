import { useParams, useSearchParams } from "react-router";
import { AuthCard } from "../components/account/auth-card";
import { AddressCheckForm } from "../components/checkout/address-check-form";
import { pageMeta } from "../lib/seo";

export function meta() {
  return [
    ...pageMeta({
      title: "Please check your delivery address",
      description: "Confirm your delivery address or correct it before we ship your order.",
      path: "/address-check",
    }),
    { name: "robots", content: "noindex" },
  ];
}

/** The link in the seller's address check (/address-check/12?token=...): confirm or correct before booking. */
export default function AddressCheck() {
  const { id } = useParams();
  const [params] = useSearchParams();
  return (
    <AuthCard title="Please check your delivery address" intro="So the courier finds you the first time.">
      <AddressCheckForm id={id ?? ""} token={params.get("token") ?? ""} />
    </AuthCard>
  );
}
