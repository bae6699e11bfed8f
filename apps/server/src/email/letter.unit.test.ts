import { describe, expect, it } from "vitest";
import { isAuthenticationTemplate, renderTemplate, parameterCount, WHATSAPP_TEMPLATES } from "../whatsapp/templates";
import { templateRequest } from "../whatsapp/cloud-api";
import { htmlOf } from "./html";
import { action, figures, lines, OPT_OUT_TAG, paragraph, type Letter } from "./letter";
import { letterEmail } from "./outbox";

const TRACKING = "https://track.example.in/awb?n=SIM123&lang=en";
const letter: Letter = {
  preview: "On its way",
  greeting: "Namaste <script>alert(1)</script> & co,",
  blocks: [
    paragraph('Your order #12 is on its way.\nCourier: "Delhivery"'),
    lines(["1 x Indigo dabu kurta (size M)"], "In the parcel:"),
    figures([
      ["Subtotal", "₹1,999"],
      ["Total", "₹2,049"],
    ]),
    action("Track your parcel", TRACKING),
  ],
  orderUpdate: true,
};

describe("a branded e-mail", () => {
  it("has a text part with every block, the link written out, and the opt-out tag for the worker", () => {
    const email = letterEmail("asha@example.in", "Shipped", letter);
    expect(email.text).toBe(
      [
        "Namaste <script>alert(1)</script> & co,",
        'Your order #12 is on its way.\nCourier: "Delhivery"',
        "In the parcel:\n1 x Indigo dabu kurta (size M)",
        "Subtotal: ₹1,999\nTotal: ₹2,049",
        `Track your parcel:\n${TRACKING}`,
        `Jaipur Kala House - support@jaipurkalahouse.in\nStop order updates by e-mail: ${OPT_OUT_TAG}`,
      ].join("\n\n"),
    );
  });

  it("draws the HTML in the shop's layout with the tracking link as a button, escaping what it is given", async () => {
    const html = await htmlOf(letter);
    expect(html).toMatch(/^<!DOCTYPE html/);
    expect(html).toContain(`href="${TRACKING.replaceAll("&", "&amp;")}"`);
    expect(html).toContain("Track your parcel");
    expect(html).toContain("Jaipur Kala House");
    expect(html).toContain("#1f2f5c");
    expect(html).toContain("Namaste &lt;script&gt;alert(1)&lt;/script&gt; &amp; co,");
    expect(html).not.toContain("<script>");
    expect(html).toContain("Courier: &quot;Delhivery&quot;");
    expect(html).toContain(`href="${OPT_OUT_TAG}"`);
    expect(html).toContain("mailto:support@jaipurkalahouse.in");
  });

  it("leaves the opt-out link out of e-mails the shopper cannot turn off", async () => {
    const security = { ...letter, orderUpdate: false };
    expect(await htmlOf(security)).not.toContain(OPT_OUT_TAG);
    expect(letterEmail("a@example.in", "Reset", security).text).not.toContain(OPT_OUT_TAG);
  });
});

describe("WhatsApp templates", () => {
  it("render the phone's text with the parameters in order; each utility template ends with the opt-out link", () => {
    expect(renderTemplate("out_for_delivery", ["12", "https://t.example/1", "https://s.example/off"])).toBe(
      "Namaste! Your order #12 is out for delivery today. Track it: https://t.example/1. Stop these updates: https://s.example/off",
    );
    for (const name of Object.keys(WHATSAPP_TEMPLATES) as (keyof typeof WHATSAPP_TEMPLATES)[]) {
      // An authentication template (a one-time code) may carry no link: Meta fixes its wording.
      if (isAuthenticationTemplate(name)) continue;
      const n = parameterCount(name);
      expect(WHATSAPP_TEMPLATES[name].endsWith(`{{${n}}}`), name).toBe(true);
    }
  });

  it("send a one-time code as an authentication template: the code alone, in the body and the copy-code button", () => {
    expect(renderTemplate("cod_code", ["042917"])).toBe(
      "042917 is your verification code. For your security, do not share this code.",
    );
    expect(
      templateRequest({ to: "919829012345", template: "cod_code", language: "en", parameters: ["042917"] }).template
        .components,
    ).toEqual([
      { type: "body", parameters: [{ type: "text", text: "042917" }] },
      { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: "042917" }] },
    ]);
  });
});
