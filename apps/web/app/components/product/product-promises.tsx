import { RETURN_POLICY, SHIPPING_TIMES } from "@store/shared";
import { Link } from "react-router";

/** The shop's promises next to every product, from the policy constants (never retyped). */
export function ProductPromises() {
  const items = [
    { title: "Handmade in Jaipur", text: "Printed, dyed and stitched by our artisan families, who are paid fairly." },
    {
      title: "Shipping",
      text: `India ${SHIPPING_TIMES.indiaNormal}; worldwide ${SHIPPING_TIMES.internationalStandard}.`,
      to: "/shipping",
    },
    { title: "Easy returns", text: `Ask for a return within ${RETURN_POLICY.returnRequestWindow}.`, to: "/refund" },
  ];
  return (
    <ul role="list" className="grid gap-4 border-t border-linen pt-6 sm:grid-cols-3">
      {items.map((item) => (
        <li key={item.title} className="text-sm">
          <p className="font-serif text-base font-semibold text-indigo-ink">{item.title}</p>
          <p className="mt-1 text-charcoal/85">{item.text}</p>
          {item.to && (
            <Link to={item.to} className="mt-1 inline-block text-madder underline-offset-2 hover:underline">
              Read the policy<span className="sr-only">: {item.title.toLowerCase()}</span>
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
