import { MESSAGES } from "@store/shared";
import { describe, expect, it } from "vitest";
import {
  cashOnDeliveryOffer,
  browserTimeZone,
  checkDelivery,
  cityQuestion,
  EMAIL_REQUIRED_TEXT,
  emailRequiredFor,
  emptyDelivery,
  INDIAN_ADDRESS_TEXT,
  keptCity,
  withCountry,
  withPlace,
  withShopper,
  withTradeBuyer,
  type DeliveryValues,
} from "./delivery-form";

const basics = {
  amount: 226_900,
  currency: "INR" as const,
  promoCode: null,
  cartId: "8f14e45f-ceea-4e7a-9c3b-2b1d3f8e9a01",
};
const filled: DeliveryValues = {
  ...emptyDelivery("INR"),
  name: " Meera Rathore ",
  mobile_number: "9829012345",
  delivery_address: "12 Hawa Mahal Road",
  city: "Jaipur",
  state: "Rajasthan",
  pin_code: "302002",
};

describe("checkDelivery", () => {
  it("asks for the required fields first, naming each missing one", () => {
    const check = checkDelivery({ ...filled, name: "", delivery_address: "  ", city: "" }, "razorpay", basics);
    expect(check).toMatchObject({ ok: false, message: MESSAGES.fillRequiredFields });
    expect(!check.ok && Object.keys(check.fields)).toEqual(["name", "delivery_address", "city"]);
  });

  it("then asks for a payment method", () => {
    expect(checkDelivery(filled, null, basics)).toEqual({
      ok: false,
      message: MESSAGES.selectPaymentMethod,
      fields: {},
      focusMethod: true,
    });
  });

  it("builds the spec's payload: 'Nil' without a promo, the card flag, trimmed values", () => {
    const check = checkDelivery(filled, "razorpay", basics);
    expect(check).toEqual({
      ok: true,
      body: {
        amount: 226_900,
        currency: "INR",
        promo_code: "Nil",
        cart_id: basics.cartId,
        delivery_address: "12 Hawa Mahal Road",
        name: "Meera Rathore",
        country_code: "+91",
        mobile_number: "9829012345",
        pin_code: "302002",
        city: "Jaipur",
        state: "Rajasthan",
        delivery_country: "IN",
        comment: "",
        razorpay: true,
        payment_method: "razorpay",
      },
      method: "razorpay",
    });
  });

  it("sends the shipping method only when one was chosen", () => {
    const express = checkDelivery(filled, "razorpay", { ...basics, shippingMethod: "india-express" });
    expect(express.ok && express.body.shipping_method).toBe("india-express");
    const standard = checkDelivery(filled, "razorpay", basics);
    expect(standard.ok && "shipping_method" in standard.body).toBe(false);
  });

  it("sends cash on delivery by name, the promo code and the e-mail when given", () => {
    const check = checkDelivery({ ...filled, email: "meera@example.com" }, "cod", {
      ...basics,
      promoCode: "WELCOME10",
    });
    expect(check.ok && check.body).toMatchObject({
      razorpay: false,
      payment_method: "cod",
      promo_code: "WELCOME10",
      email: "meera@example.com",
    });
  });

  it("sends the browser's time zone when it has one (decision 084), nothing otherwise", () => {
    const zoned = checkDelivery(filled, "razorpay", { ...basics, timeZone: "Europe/London" });
    expect(zoned.ok && zoned.body.time_zone).toBe("Europe/London");
    const none = checkDelivery(filled, "razorpay", basics);
    expect(none.ok && "time_zone" in none.body).toBe(false);
    // This runtime's own zone has an IANA name of the shape create-order takes.
    expect(browserTimeZone()).toMatch(/^[A-Za-z]/);
  });

  it("sends whatsapp_opt_in only when the box is ticked (the spec's payload is unchanged otherwise)", () => {
    const ticked = checkDelivery(filled, "razorpay", { ...basics, whatsappOptIn: true });
    expect(ticked.ok && ticked.body.whatsapp_opt_in).toBe(true);
    const unticked = checkDelivery(filled, "razorpay", { ...basics, whatsappOptIn: false });
    expect(unticked.ok && "whatsapp_opt_in" in unticked.body).toBe(false);
  });

  it("catches what the shared schema refuses, under its field", () => {
    const check = checkDelivery({ ...filled, email: "not-an-email", pin_code: "#" }, "paypal", basics);
    expect(check).toEqual({
      ok: false,
      message: null,
      focusMethod: false,
      fields: { email: "Enter a valid e-mail address.", pin_code: "Enter a valid 6-digit PIN code." },
    });
  });

  it("asks a guest paying cash on delivery for the e-mail the code is sent to, and nobody else", () => {
    expect(emailRequiredFor("cod", false)).toBe(true);
    expect([
      emailRequiredFor("cod", true),
      emailRequiredFor("razorpay", false),
      emailRequiredFor("paypal", false),
      emailRequiredFor(null, false),
    ]).toEqual([false, false, false, false]);
    expect(checkDelivery(filled, "cod", { ...basics, emailRequired: true })).toEqual({
      ok: false,
      message: MESSAGES.fillRequiredFields,
      fields: { email: EMAIL_REQUIRED_TEXT },
      focusMethod: false,
    });
    expect(
      checkDelivery({ ...filled, email: " meera@example.com " }, "cod", { ...basics, emailRequired: true }),
    ).toMatchObject({ ok: true, body: { email: "meera@example.com" } });
    expect(checkDelivery(filled, "cod", basics).ok).toBe(true);
  });

  it("checks an Indian address with the server's words: a 6-digit PIN code and a state of the GST list", () => {
    for (const pin of ["30200", "3020021", "002002", "30 2002"]) {
      const check = checkDelivery({ ...filled, pin_code: pin }, "razorpay", basics);
      expect(!check.ok && check.fields, pin).toEqual({ pin_code: "Enter a valid 6-digit PIN code." });
    }
    const state = checkDelivery({ ...filled, state: "Rajputana" }, "razorpay", basics);
    expect(!state.ok && state.fields).toEqual({
      state: "Enter your state or union territory, for example Rajasthan.",
    });
    expect(INDIAN_ADDRESS_TEXT.state).toBe("Enter your state or union territory, for example Rajasthan.");
  });

  it("sends a delivery abroad with its country, any postcode and region", () => {
    const london = { ...filled, delivery_country: "GB", city: "London", state: "Greater London", pin_code: "SW1A 1AA" };
    const check = checkDelivery(london, "paypal", { ...basics, currency: "USD" as const });
    expect(check.ok && check.body).toMatchObject({
      delivery_country: "GB",
      pin_code: "SW1A 1AA",
      state: "Greater London",
    });
  });

  it("asks about an address abroad with an Indian state and PIN code, under the country", () => {
    const check = checkDelivery({ ...filled, delivery_country: "GB" }, "paypal", basics);
    expect(!check.ok && check.fields.delivery_country).toMatch(/choose India as the country/);
  });

  it("asks abroad for what the country requires, by its names, and checks the postcode and phone", () => {
    const gb = { ...filled, delivery_country: "GB", country_code: "+44", mobile_number: "020 7946 0958", state: "" };
    const missing = checkDelivery({ ...gb, city: "", pin_code: "" }, "paypal", basics);
    expect(!missing.ok && missing.fields).toEqual({
      city: "Town or city is required.",
      pin_code: "Postcode is required.",
    });
    const wrong = checkDelivery({ ...gb, city: "London", pin_code: "302002" }, "paypal", basics);
    expect(!wrong.ok && wrong.fields).toEqual({ pin_code: "Enter a UK postcode, like EC1Y 8SY." });
    const phone = checkDelivery(
      { ...gb, city: "London", pin_code: "SW1A 1AA", mobile_number: "12345" },
      "paypal",
      basics,
    );
    expect(!phone.ok && phone.fields.mobile_number).toMatch(/^Enter a valid UK phone number \(\+44\)/);
    const us = { ...gb, delivery_country: "US", country_code: "+1", mobile_number: "212 736 5000", city: "New York" };
    const noState = checkDelivery({ ...us, pin_code: "10118" }, "paypal", basics);
    expect(!noState.ok && noState.fields).toEqual({ state: "State is required." });
    const ny = checkDelivery({ ...us, state: "NY", pin_code: "10118" }, "paypal", basics);
    expect(ny.ok && ny.body).toMatchObject({ delivery_country: "US", state: "NY", pin_code: "10118" });
  });

  it("treats a problem outside the form as unexpected", () => {
    expect(checkDelivery(filled, "paypal", { ...basics, cartId: "not-a-cart" })).toMatchObject({
      ok: false,
      message: MESSAGES.unexpectedError,
      fields: {},
    });
  });
});

describe("withPlace", () => {
  const jaipur = { city: "Jaipur", state: "Rajasthan" };
  const base = { ...emptyDelivery("INR"), pin_code: "302022" };

  it("fills an empty city and the state from the PIN code", () => {
    expect(withPlace(base, jaipur, null)).toMatchObject({ city: "Jaipur", state: "Rajasthan" });
  });

  it("keeps a city the shopper typed, but replaces one filled for an earlier PIN code", () => {
    expect(withPlace({ ...base, city: "Sitapura", state: "Goa" }, jaipur, null)).toMatchObject({
      city: "Sitapura",
      state: "Rajasthan",
    });
    expect(withPlace({ ...base, city: "Mumbai" }, jaipur, "Mumbai")).toMatchObject({ city: "Jaipur" });
  });
});

describe("cityQuestion", () => {
  const gurugram = {
    pin: "122001",
    city: "Gurugram",
    district: "Gurugram",
    state: "Haryana",
    places: ["Gurgaon", "Arjun Nagar"],
  };

  it("asks about a typed city the PIN code does not name, offering its town or the typed one", () => {
    expect(cityQuestion({ city: " Mumbai " }, gurugram, null)).toEqual({
      text: 'PIN code 122001 is in Gurugram, Haryana: use Gurugram as the city, or confirm "Mumbai".',
      suggested: "Gurugram",
      typed: "Mumbai",
    });
  });

  it("asks nothing of the town, a place or an old name of the PIN code, an empty city, or a city kept for that PIN code", () => {
    for (const city of ["Gurugram", "arjun nagar", "Gurgaon", ""])
      expect(cityQuestion({ city }, gurugram, null)).toBeNull();
    expect(cityQuestion({ city: "Mumbai" }, gurugram, keptCity("122001", "Mumbai "))).toBeNull();
    // Kept for another PIN code: asked again.
    expect(cityQuestion({ city: "Mumbai" }, gurugram, keptCity("122002", "Mumbai"))).not.toBeNull();
  });

  it("sends city_confirmed only when the shopper kept the city", () => {
    const body = (cityConfirmed: boolean) => {
      const check = checkDelivery(filled, "paypal", { ...basics, cityConfirmed });
      return check.ok ? check.body : null;
    };
    expect(body(true)).toMatchObject({ city_confirmed: true });
    expect(body(false)).not.toHaveProperty("city_confirmed");
  });
});

describe("cashOnDeliveryOffer", () => {
  it("is the method when ticked for India, until the courier says it takes no cash at the PIN code", () => {
    expect(cashOnDeliveryOffer(true, false, null)).toEqual({ cod: true, refusedAt: null });
    expect(cashOnDeliveryOffer(true, false, { pin: "302022", cod_available: true })).toEqual({
      cod: true,
      refusedAt: null,
    });
    expect(cashOnDeliveryOffer(true, false, { pin: "302022", cod_available: false })).toEqual({
      cod: false,
      refusedAt: "302022",
    });
    expect(cashOnDeliveryOffer(true, true, null)).toEqual({ cod: false, refusedAt: null });
    expect(cashOnDeliveryOffer(false, false, { pin: "302022", cod_available: false })).toEqual({
      cod: false,
      refusedAt: null,
    });
  });
});

describe("withCountry", () => {
  it("turns a typed state into the name of the country's list or clears it, and keeps a free-typed region", () => {
    const abroad = { ...filled, delivery_country: "GB", state: "orissa" };
    expect(withCountry(abroad, "IN")).toMatchObject({ delivery_country: "IN", state: "Odisha" });
    expect(withCountry({ ...abroad, state: "Bavaria" }, "IN")).toMatchObject({ state: "" });
    expect(withCountry(filled, "US")).toMatchObject({ delivery_country: "US", state: "" });
    expect(withCountry({ ...filled, state: "new york" }, "US")).toMatchObject({ state: "NY" });
    expect(withCountry({ ...filled, state: "Bavaria" }, "DE")).toMatchObject({ state: "" });
    expect(withCountry({ ...filled, delivery_country: "DE", state: "Kent" }, "BE")).toMatchObject({ state: "" });
  });

  it("follows the country with the phone's code unless the shopper typed another, and drops what the country does not write", () => {
    expect(withCountry(filled, "GB")).toMatchObject({ country_code: "+44", pin_code: "", state: "", city: "Jaipur" });
    expect(withCountry({ ...filled, country_code: "" }, "US")).toMatchObject({ country_code: "+1" });
    expect(withCountry({ ...filled, country_code: "+33" }, "GB")).toMatchObject({ country_code: "+33" });
    expect(withCountry({ ...filled, pin_code: "sw1a 1aa" }, "GB")).toMatchObject({ pin_code: "sw1a 1aa" });
    expect(withCountry(filled, "AE")).toMatchObject({ city: "", pin_code: "" });
  });
});

describe("withShopper", () => {
  const user = {
    first_name: "Meera",
    last_name: "Rathore",
    email: "meera@example.com",
    country_code: "+44",
    mobile_number: "7700900123",
  };

  it("fills the empty fields and replaces the default country code", () => {
    expect(withShopper(emptyDelivery("INR"), user, "INR")).toMatchObject({
      name: "Meera Rathore",
      email: "meera@example.com",
      country_code: "+44",
      mobile_number: "7700900123",
    });
  });

  it("keeps what the shopper already typed", () => {
    const typed = { ...emptyDelivery("INR"), name: "Asha", country_code: "+1" };
    expect(withShopper(typed, user, "INR")).toMatchObject({
      name: "Asha",
      country_code: "+1",
      email: "meera@example.com",
    });
  });
});

describe("withTradeBuyer", () => {
  const buyer = { gstin: "27AAPFU0939F1ZV", business_name: "Meena Textiles" };

  it("fills the GSTIN and business name of an approved trade buyer", () => {
    expect(withTradeBuyer(emptyDelivery("INR"), buyer)).toMatchObject({
      buyer_gstin: "27AAPFU0939F1ZV",
      buyer_legal_name: "Meena Textiles",
    });
  });

  it("keeps a GSTIN the buyer already typed", () => {
    const typed = { ...emptyDelivery("INR"), buyer_gstin: "29AAGCB7383J1Z4" };
    expect(withTradeBuyer(typed, buyer)).toMatchObject({ buyer_gstin: "29AAGCB7383J1Z4", buyer_legal_name: "" });
  });
});
