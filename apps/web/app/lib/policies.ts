import {
  CANCELLATION_POLICY,
  COD_SHIPPING_FEE_INR,
  formatMoney,
  INR_PER_USD,
  PAYMENT_METHODS_TEXT,
  RETURN_POLICY,
  SELLER,
  SHIPPING_TIMES,
  type ShippingFees,
} from "@store/shared";

/** The four policy pages; each id is also its route id and its path (/privacy, /refund, ...). */
export const POLICY_IDS = ["privacy", "refund", "shipping", "terms-and-conditions"] as const;
export type PolicyId = (typeof POLICY_IDS)[number];

export const isPolicyId = (id: string): id is PolicyId => (POLICY_IDS as readonly string[]).includes(id);

/** A list entry is a sentence, or a term with its detail (rendered "Term: detail"). */
export type PolicyItem = string | { term: string; detail: string };
export type PolicySection = { heading: string; paragraphs?: string[]; items?: PolicyItem[] };
export type Policy = { title: string; navLabel: string; description: string; intro: string; sections: PolicySection[] };

/** When the texts below last changed (ISO date); shown on every policy page. */
export const POLICIES_LAST_UPDATED = "2026-11-01";

const R = RETURN_POLICY;
const C = CANCELLATION_POLICY;
const contactLine = `Write to ${SELLER.supportEmail} or call ${SELLER.phones[0]} (${SELLER.supportHours}).`;

const privacy: Policy = {
  title: "Privacy Policy",
  navLabel: "Privacy",
  description: `How ${SELLER.brand} collects, uses and protects your personal, payment and usage data, and the choices you have.`,
  intro: `${SELLER.legalName} respects your privacy. This policy explains what we collect when you shop with us and what you can do about it.`,
  sections: [
    {
      heading: "Information we collect",
      items: [
        {
          term: "Personal data",
          detail:
            "your name, e-mail address, phone number and delivery address, when you order, sign up or contact us.",
        },
        {
          term: "Payment data",
          detail:
            "handled by our payment providers; we keep the payment reference and status, never your full card number.",
        },
        {
          term: "Usage data",
          detail: "pages visited, device and browser type and your cart, which help us run and improve the store.",
        },
      ],
    },
    {
      heading: "How we use it",
      items: [
        "To process, ship and support your orders.",
        "To answer your questions and wholesale enquiries.",
        "To send offers and news, only if you have agreed to receive them.",
        "To keep the store secure and improve it.",
      ],
    },
    {
      heading: "We do not sell your data",
      paragraphs: [
        "Your data is never sold or rented. We share only what is needed with the payment providers and courier partners who complete your order.",
      ],
    },
    {
      heading: "Your rights",
      items: [
        "Access the personal data we hold about you.",
        "Correct anything that is wrong or out of date.",
        "Delete your data and your account.",
        "Opt out of promotional messages at any time, using the unsubscribe link or by writing to us.",
      ],
    },
    {
      heading: "Cookies and storage",
      paragraphs: [
        "We store your sign-in, your cart and your currency in your browser so the store works as you expect. We use no advertising trackers.",
      ],
    },
    { heading: "Contact", paragraphs: [contactLine] },
  ],
};

const refund: Policy = {
  title: "Refund & Return Policy",
  navLabel: "Refund & returns",
  description: `Returns within ${R.returnRequestWindow}, refunds starting ${R.refundStarts} and cancellations within ${C.fullRefundWindowHours} hrs for a full refund.`,
  intro:
    "We want you to love every handmade piece. If something is not right, here is how returns, refunds and cancellations work.",
  sections: [
    {
      heading: "Returns",
      items: [
        `Request a return within ${R.returnRequestWindow}, with photos of the item if it is damaged or not as described.`,
        `We review your request and update you on its status in ${R.statusUpdate}.`,
        `Once approved, pickup is arranged in ${R.pickup}.`,
        `Returned items take ${R.reachWarehouse} to reach our warehouse.`,
        "Items must be unused and unwashed, with their tags and original packaging.",
      ],
    },
    {
      heading: "Refunds",
      items: [
        `The refund starts ${R.refundStarts} of the returned item at our warehouse, after a quality check.`,
        { term: "Store credit", detail: `issued in ${R.storeCredit}.` },
        {
          term: "Online payments",
          detail: `refunded to the original method within ${R.onlineRefund}; your bank may take ${R.bankRefund} more to show it.`,
        },
      ],
    },
    {
      heading: "Cancellations",
      items: [
        `Cancel within ${C.fullRefundWindowHours} hrs of placing your order for a full refund.`,
        `Orders cancelled once they are in transit carry a cancellation fee of ${C.inTransitFeePercent}% of the order value.`,
      ],
    },
    { heading: "Need help?", paragraphs: [contactLine] },
  ],
};

/** `expressFee`: the express fee the seller set, as the policy names it; null leaves it to the checkout. */
const shippingPolicy = (expressFee: string | null): Policy => ({
  title: "Shipping Policy",
  navLabel: "Shipping",
  description: `Delivery across India in ${SHIPPING_TIMES.indiaNormal} and worldwide in ${SHIPPING_TIMES.internationalStandard}, with express options.`,
  intro: "Every order is packed by hand in our Jaipur workshop and shipped with trusted courier partners.",
  sections: [
    {
      heading: "Delivery within India",
      items: [
        { term: "Normal", detail: SHIPPING_TIMES.indiaNormal },
        {
          term: "Express",
          detail: expressFee ? `${SHIPPING_TIMES.indiaExpress}, ${expressFee}` : SHIPPING_TIMES.indiaExpress,
        },
      ],
    },
    {
      heading: "International delivery",
      items: [
        { term: "Standard", detail: SHIPPING_TIMES.internationalStandard },
        { term: "Express", detail: SHIPPING_TIMES.internationalExpress },
        "Customs duties and import taxes are extra and payable by the recipient.",
      ],
    },
    {
      heading: "Cash on Delivery",
      paragraphs: [
        `Cash on Delivery is available for orders in INR only, with a shipping fee of ${formatMoney(COD_SHIPPING_FEE_INR, "INR")}. Other orders ship free by normal delivery.`,
      ],
    },
    {
      heading: "Large and fragile items",
      paragraphs: [
        "Furniture, lighting, wall clocks and mirrors need extra handling and may take longer to pack and deliver.",
      ],
    },
    {
      heading: "Delivery attempts",
      paragraphs: [
        "Our courier makes one delivery attempt. If the parcel comes back undelivered, re-shipping is at the customer's cost.",
      ],
    },
    { heading: "Payment", paragraphs: [`We accept ${PAYMENT_METHODS_TEXT}.`] },
  ],
});

const terms: Policy = {
  title: "Terms & Conditions",
  navLabel: "Terms",
  description: `The terms for shopping with ${SELLER.legalName}, a handicrafts business in ${SELLER.foundedCity}, governed by Indian law.`,
  intro: `${SELLER.legalName} is a handicrafts business based in ${SELLER.foundedCity}, India. By using this store you agree to these terms.`,
  sections: [
    {
      heading: "Handmade products",
      paragraphs: [
        "Our products are made by hand with natural dyes and fibres. Small variations in colour, print, weave and size are part of their character, not defects.",
        "Screen colours differ; photographs show each design as closely as we can.",
      ],
    },
    {
      heading: "Prices and payment",
      items: [
        "Prices are shown in Indian rupees (INR) for shoppers in India and in US dollars (USD) elsewhere.",
        `INR prices are converted at ₹${INR_PER_USD} per US dollar and rounded up.`,
        `We accept ${PAYMENT_METHODS_TEXT}; Cash on Delivery is available for INR orders only.`,
        "An order is confirmed once its payment is verified. We may cancel and fully refund an order if an item is out of stock or mispriced.",
      ],
    },
    {
      heading: "Shipping, returns and privacy",
      paragraphs: [
        "Delivery, returns, refunds and your data are covered by our Shipping, Refund & Return and Privacy policies, which form part of these terms.",
      ],
    },
    {
      heading: "Your account",
      paragraphs: [
        "Keep your sign-in details private. You are responsible for activity on your account and for giving accurate delivery details.",
      ],
    },
    {
      heading: "Intellectual property",
      paragraphs: [
        `The designs, photographs and texts on this site belong to ${SELLER.legalName} and may not be copied without permission.`,
      ],
    },
    {
      heading: "Liability",
      paragraphs: ["To the extent the law allows, our liability for any order is limited to the amount paid for it."],
    },
    {
      heading: "Governing law",
      paragraphs: [
        `These terms are governed by the laws of India. Any dispute falls under the exclusive jurisdiction of the courts at ${SELLER.address.city}, ${SELLER.address.region}.`,
      ],
    },
    { heading: "Contact", paragraphs: [contactLine] },
  ],
};

export const POLICIES: Record<PolicyId, Policy> = {
  privacy,
  refund,
  shipping: shippingPolicy(null),
  "terms-and-conditions": terms,
};

/** A policy as its page shows it: the shipping policy names the express fee the seller set (read by the page's loader). */
export function policyWithFees(id: PolicyId, fees: ShippingFees | null): Policy {
  return id === "shipping" && fees ? shippingPolicy(formatMoney(fees["india-express"].INR, "INR")) : POLICIES[id];
}
