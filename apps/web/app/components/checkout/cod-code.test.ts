import { describe, expect, it } from "vitest";
import { checkCode, codConfirmedText, codeStepText, minutesLeft } from "./cod-code";

const now = Date.parse("2026-11-24T10:00:00Z");
const at = (ms: number) => new Date(now + ms).toISOString();

describe("the cash-on-delivery code step", () => {
  it("says where the code went, how long it lasts and that nothing is placed yet", () => {
    const email = { channel: "email" as const, sent_to: "asha@example.in" };
    expect(codeStepText({ ...email, expires_at: at(15 * 60_000 - 300) }, now)).toBe(
      "We have sent a 6-digit code by e-mail to asha@example.in. Enter it within 15 minutes to place your order. Until then nothing is reserved and we have not received your order.",
    );
    const whatsapp = { channel: "whatsapp" as const, sent_to: "+91 98xxxxxx45" };
    expect(codeStepText({ ...whatsapp, expires_at: at(10 * 60_000) }, now)).toContain(
      "We have sent a 6-digit code to WhatsApp +91 98xxxxxx45. Enter it within 10 minutes",
    );
    expect(codeStepText({ ...email, expires_at: at(40_000) }, now)).toContain("Enter it within 1 minute to place");
  });

  it("does not count minutes when the clocks disagree", () => {
    expect(minutesLeft(at(-5_000), now)).toBeNull();
    expect(minutesLeft(at(3 * 24 * 3_600_000), now)).toBeNull();
    expect(minutesLeft("not a date", now)).toBeNull();
    expect(codeStepText({ channel: "email", sent_to: "a@b.in", expires_at: at(-5_000) }, now)).toContain(
      "Enter it soon to place",
    );
  });

  it("takes six digits, also typed in groups, and refuses anything else with the shared schema's message", () => {
    expect(checkCode(41, " 042 917 ")).toEqual({ ok: true, body: { order_id: 41, code: "042917" } });
    expect(checkCode(41, "042-917")).toEqual({ ok: true, body: { order_id: 41, code: "042917" } });
    for (const typed of ["", "04291", "0429170", "04a917"]) {
      expect(checkCode(41, typed)).toEqual({ ok: false, message: "Enter the 6-digit code we sent you" });
    }
  });

  it("confirms with the spec's cash-on-delivery notice", () => {
    expect(
      codConfirmedText({
        order_id: 7,
        status: "cod_confirmed",
        amount: 2308,
        currency: "INR",
        order_page: "/orders/7?token=t&placed=1",
        store_credit: 0,
        to_pay: 2308,
      }),
    ).toBe("Order #7 confirmed. Pay ₹2,308 on delivery.");
  });
});
