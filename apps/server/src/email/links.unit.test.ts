import { describe, expect, it } from "vitest";
import { verifyEmailEmail, accountExistsEmail, setPasswordEmail, staffAccessEmail } from "../modules/accounts/emails";
import { orderConfirmationEmail, piecesCancelledEmail } from "../modules/orders/order-email";
import { newOrderAlert } from "../modules/orders/seller-alert";
import type { OrderRow } from "../modules/orders/transitions";
import type { SellerSettingsRow } from "../modules/settings/service";
import { htmlOf } from "./html";
import { STORE_URL_TAG } from "./letter";
import { relativeLinks } from "./links";
import type { OutgoingEmail } from "./outbox";

const STORE = "https://shop.example";

/** The message as the worker sends it: the store's address in place of its tag, the HTML drawn from the letter. */
async function sent(email: OutgoingEmail) {
  const fill = (part: string) => part.replaceAll(STORE_URL_TAG, STORE);
  return { text: fill(email.text), html: email.letter ? fill(await htmlOf(email.letter)) : null };
}

const order = {
  id: 41,
  viewToken: "a".repeat(64),
  currency: "INR",
  isTest: false,
  paymentMethod: "razorpay",
  subtotal: 250_000,
  discount: 0,
  shipping: 0,
  rounding: 0,
  total: 250_000,
  promoCode: null,
  deliveryName: "Asha Verma",
  deliveryAddress: "12 MI Road",
  city: "Jaipur",
  state: "Rajasthan",
  pinCode: "302001",
  deliveryCountry: "IN",
  countryCode: "+91",
  mobileNumber: "9829012345",
  shippingMethod: "india-standard",
  createdAt: new Date("2026-12-07T06:00:00Z"),
  email: "asha@example.com",
} as unknown as OrderRow & { email: string };

const lines = [
  {
    productName: "Block-print kurta",
    size: "M",
    sizeName: "M",
    quantity: 1,
    unitPrice: 250_000,
    image: "/media/products/1001-1.webp",
  },
];

describe("relativeLinks", () => {
  it("finds a path a mail client cannot open, in the text and in the HTML", () => {
    expect(relativeLinks({ text: "Open it: /admin/orders/1", html: '<a href="/orders/1">x</a>' })).toEqual([
      "/orders/1",
      "/admin/orders/1",
    ]);
  });

  it("passes absolute addresses, mailto links and merge tags", () => {
    const text = `See ${STORE}/orders/1?token=x and write to help@shop.example, 40 x 40 cm, 1/2`;
    const html = `<a href="${STORE}/x">x</a><img src="https://cdn.example/p.webp"><a href="mailto:a@b.c">m</a><a href="{{opt_out_url}}">o</a>`;
    expect(relativeLinks({ text, html })).toEqual([]);
  });
});

describe("every e-mail's links are absolute", () => {
  const settings = { alertNewOrders: true, alertEmail: "seller@shop.example" } as unknown as SellerSettingsRow;
  const emails: [string, () => OutgoingEmail | null][] = [
    ["order confirmation", () => orderConfirmationEmail(order, lines)],
    ["pieces cancelled", () => piecesCancelledEmail(order, [{ product_name: "Kurta", size: "M", quantity: 1 }], 0)],
    ["seller's new-order alert", () => newOrderAlert(order, "paid", lines, settings)],
    [
      "set password",
      () => setPasswordEmail("a@b.c", { firstName: "Asha", link: `${STORE}/set-password?t=1`, validHours: 24 }),
    ],
    [
      "verify e-mail",
      () =>
        verifyEmailEmail("a@b.c", {
          firstName: "Asha",
          link: `${STORE}/verify-email?t=1`,
          loginUrl: `${STORE}/login`,
          validHours: 24,
        }),
    ],
    [
      "staff access",
      () =>
        staffAccessEmail("a@b.c", {
          role: "staff",
          invitedBy: "Owner",
          setPasswordLink: `${STORE}/set-password?t=1`,
          loginUrl: `${STORE}/login`,
          adminUrl: `${STORE}/admin`,
          validHours: 24,
        }),
    ],
    [
      "account exists",
      () => accountExistsEmail("a@b.c", { firstName: "Asha", loginUrl: `${STORE}/login`, validHours: 24 }),
    ],
  ];

  it.each(emails)("%s", async (_name, build) => {
    const email = build();
    expect(email).not.toBeNull();
    expect(relativeLinks(await sent(email!))).toEqual([]);
  });

  it("the confirmation shows each piece's photo (the mail-sized copy) and the delivery days", async () => {
    const message = await sent(orderConfirmationEmail(order, lines));
    expect(message.html).toContain(`src="${STORE}/media/products/1001-1-360w.webp"`);
    // Placed on Monday 7 December: 7 to 10 business days, Sundays not counted.
    expect(message.text).toContain("Expected delivery: between Tue 15 Dec and Fri 18 Dec.");
  });
});
