import { describe, expect, it } from "vitest";
import { MESSAGES } from "../messages";
import { createOrderRequestSchema } from "./create-order";
import { verifyPaymentRequestSchema } from "./payments";

const base = {
  amount: 1419,
  currency: "INR",
  cart_id: "8f14e45f-ceea-4e7a-9c3b-2b1d3f8e9a01",
  name: "Asha",
  delivery_address: "12 Hawa Mahal Road",
  country_code: "+91",
  mobile_number: "9829041234",
  pin_code: "302002",
  city: "Jaipur",
  state: "Rajasthan",
  comment: "",
};

describe("create-order payload (spec section 7 plus payment_method)", () => {
  it("derives the method from the spec's razorpay flag; payment_method wins; COD must be explicit", () => {
    expect(createOrderRequestSchema.parse({ ...base, razorpay: true }).payment_method).toBe("razorpay");
    expect(createOrderRequestSchema.parse({ ...base, razorpay: false }).payment_method).toBe("paypal");
    expect(createOrderRequestSchema.parse({ ...base, razorpay: true, payment_method: "cod" }).payment_method).toBe(
      "cod",
    );
    const none = createOrderRequestSchema.safeParse(base);
    expect(none.success).toBe(false);
    expect(none.error?.issues[0]).toMatchObject({ path: ["payment_method"], message: MESSAGES.selectPaymentMethod });
  });

  it("reads 'Nil', empty and absent promo codes as none", () => {
    for (const promo_code of ["Nil", "nil", "", "  ", null, undefined]) {
      expect(createOrderRequestSchema.parse({ ...base, razorpay: true, promo_code }).promo_code).toBeNull();
    }
    expect(createOrderRequestSchema.parse({ ...base, razorpay: true, promo_code: " WELCOME10 " }).promo_code).toBe(
      "WELCOME10",
    );
  });

  it("requires the delivery fields the form marks required; in India the PIN code stands for the city and state", () => {
    for (const field of ["name", "mobile_number", "delivery_address", "pin_code"]) {
      const result = createOrderRequestSchema.safeParse({ ...base, razorpay: true, [field]: " " });
      expect(result.success, field).toBe(false);
    }
    // The server fills an Indian address's empty city and state from India Post's directory.
    expect(createOrderRequestSchema.parse({ ...base, razorpay: true, city: " ", state: undefined })).toMatchObject({
      city: "",
      state: "",
    });
    // Abroad, what the country's address format requires (issue 41): a British town, not a state.
    const london = { ...base, razorpay: true, delivery_country: "GB", pin_code: "SW1A 1AA", country_code: "+44" };
    const londoner = { ...london, mobile_number: "20 7946 0958", city: "London" };
    expect(createOrderRequestSchema.safeParse({ ...londoner, city: " " }).success).toBe(false);
    expect(createOrderRequestSchema.parse({ ...londoner, state: "" })).toMatchObject({ state: "", city: "London" });
    const newYork = { ...londoner, delivery_country: "US", country_code: "+1", mobile_number: "212 736 5000" };
    expect(
      createOrderRequestSchema.safeParse({ ...newYork, city: "New York", state: "NY", pin_code: "10118" }).success,
    ).toBe(true);
    expect(
      createOrderRequestSchema.safeParse({ ...newYork, city: "New York", state: " ", pin_code: "10118" }).success,
    ).toBe(false);
    expect(
      createOrderRequestSchema.parse({ ...base, razorpay: true, comment: undefined, country_code: undefined }),
    ).toMatchObject({ comment: "", country_code: "+91" });
  });
});

describe("whatsapp_opt_in (ours)", () => {
  it("is off when absent, kept when true or false, and anything else is refused by name", () => {
    expect(createOrderRequestSchema.parse({ ...base, razorpay: true }).whatsapp_opt_in).toBe(false);
    expect(createOrderRequestSchema.parse({ ...base, razorpay: true, whatsapp_opt_in: true }).whatsapp_opt_in).toBe(
      true,
    );
    for (const whatsapp_opt_in of ["yes", 1, null]) {
      const refused = createOrderRequestSchema.safeParse({ ...base, razorpay: true, whatsapp_opt_in });
      expect(refused.error?.issues[0]).toMatchObject({
        path: ["whatsapp_opt_in"],
        message: "whatsapp_opt_in must be true or false",
      });
    }
  });
});

describe("verify-payment payload", () => {
  it("takes Razorpay's three values, or PayPal's order id as order_id or orderID", () => {
    expect(
      verifyPaymentRequestSchema.safeParse({
        razorpay: true,
        razorpay_payment_id: "pay_1",
        razorpay_order_id: "order_1",
        razorpay_signature: "ab",
        amount: 141900,
      }).success,
    ).toBe(true);
    expect(verifyPaymentRequestSchema.safeParse({ razorpay: true, razorpay_order_id: "order_1" }).success).toBe(false);
    expect(verifyPaymentRequestSchema.safeParse({ razorpay: false, orderID: "5O190127TN364715T" }).success).toBe(true);
    expect(verifyPaymentRequestSchema.safeParse({ razorpay: false, order_id: "5O190127TN364715T" }).success).toBe(true);
    expect(verifyPaymentRequestSchema.safeParse({ razorpay: false }).success).toBe(false);
  });
});

describe("create-order's delivery country (the invoice's place of supply)", () => {
  const problems = (body: Record<string, unknown>) =>
    createOrderRequestSchema
      .safeParse({ ...base, razorpay: true, ...body })
      .error?.issues.map((i) => [i.path.join("."), i.message]);

  it("is India when absent, and names the state as the GST list does", () => {
    const parsed = createOrderRequestSchema.parse({ ...base, razorpay: true, state: "  new delhi " });
    expect(parsed).toMatchObject({ delivery_country: "IN", state: "Delhi" });
    expect(
      createOrderRequestSchema.parse({
        ...base,
        razorpay: true,
        delivery_country: "gb",
        state: "Kent",
        pin_code: "CT1 2EH",
      }),
    ).toMatchObject({ delivery_country: "GB", state: "Kent" });
  });

  it("asks an Indian address for a real state and a 6-digit PIN code", () => {
    expect(problems({ state: "Atlantis", pin_code: "30200" })).toEqual([
      ["pin_code", "Enter a valid 6-digit PIN code."],
      ["state", "Enter your state or union territory, for example Rajasthan."],
    ]);
  });

  it("asks about an address abroad with an Indian state and PIN code, refuses an unknown country and cash on delivery abroad", () => {
    expect(problems({ delivery_country: "GB" })).toContainEqual([
      "delivery_country",
      "This address has an Indian state and PIN code: choose India as the country, or correct the address.",
    ]);
    expect(problems({ delivery_country: "ZZ" })?.[0]?.[0]).toBe("delivery_country");
    expect(
      problems({
        delivery_country: "US",
        state: "NY",
        pin_code: "10001",
        country_code: "+1",
        mobile_number: "212 736 5000",
        razorpay: undefined,
        payment_method: "cod",
      }),
    ).toEqual([["payment_method", "Cash on delivery is available only for delivery in India."]]);
  });
});
