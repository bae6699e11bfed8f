import { SELLER } from "@store/shared";

/**
 * The WhatsApp Business message templates the shop sends, as they must be registered with Meta (category
 * "utility", language en): a template message names one of these and fills its body's {{n}} parameters in
 * order. The simulator draws the message the phone would show from the same text. Every utility template ends with
 * the signed opt-out link (the last parameter, filled in at send time: OPT_OUT_PARAMETER). No parameter is text
 * the requester typed (not even the name): the number is not verified, so checkout must not be a way to send
 * anyone a WhatsApp message of one's own wording (as the COD code e-mail, checkout/cod-codes.ts).
 */
export const WHATSAPP_TEMPLATES = {
  order_confirmed: `Namaste! Thank you for your ${SELLER.brand} order #{{1}} of {{2}}. We will message you here when it ships. Stop these updates: {{3}}`,
  order_shipped:
    "Namaste! Your order #{{1}} is on its way with {{2}} (AWB {{3}}). Track it: {{4}}. Stop these updates: {{5}}",
  out_for_delivery: "Namaste! Your order #{{1}} is out for delivery today. Track it: {{2}}. Stop these updates: {{3}}",
  order_delivered:
    "Namaste! Your order #{{1}} has been delivered. Not right? Ask for a return or size exchange within 48 hours, until {{2}}: {{3}}. Stop these updates: {{4}}",
  // A failed delivery attempt (decision 090): {{2}} is our sentence for the courier's reason, {{3}} the answer link.
  delivery_failed:
    "Namaste! The courier could not deliver your order #{{1}}: {{2}}. Choose a new date, correct your address or phone, or cancel: {{3}}. Stop these updates: {{4}}",
  // An address that looks undeliverable, before booking (decision 092): {{2}} is the confirm-or-correct link.
  address_check:
    "Namaste! Before we ship your order #{{1}}, please confirm your delivery address or correct it: {{2}}. Stop these updates: {{3}}",
  // After a cash-on-delivery order (decision 094): {{2}} what paying now takes (with the discount), {{3}} the link.
  pay_now:
    "Namaste! Your order #{{1}} is confirmed for cash on delivery. Pay {{2}} online now instead (UPI, card or netbanking) and skip the cash at the door: {{3}}. Stop these updates: {{4}}",
  return_update: "Namaste! An update on your return for order #{{1}}: {{2}}. Stop these updates: {{3}}",
  refund_sent: "Namaste! We have sent a refund of {{1}} for order #{{2}} to {{3}}. Stop these updates: {{4}}",
  // Category "authentication": Meta fixes this wording (and adds a "Copy code" button carrying the code); such a
  // template may not carry a link, so it has no opt-out parameter (decision 076).
  cod_code: "{{1}} is your verification code. For your security, do not share this code.",
} as const;

export type WhatsAppTemplate = keyof typeof WHATSAPP_TEMPLATES;

/** One-time codes: sent as Meta's authentication templates, with the code also in the copy-code button. */
const AUTHENTICATION_TEMPLATES: ReadonlySet<WhatsAppTemplate> = new Set(["cod_code"]);
export const isAuthenticationTemplate = (name: string) => AUTHENTICATION_TEMPLATES.has(name as WhatsAppTemplate);
export const WHATSAPP_LANGUAGE = "en";

/** Stands for the recipient's opt-out link until the worker sends the message. */
export const OPT_OUT_PARAMETER = "{{opt_out_url}}";
/** Stands for the store's address (PUBLIC_URL) in a parameter until the worker sends it. */
export const STORE_URL_PARAMETER = "{{store_url}}";

export const isTemplate = (name: string): name is WhatsAppTemplate => Object.hasOwn(WHATSAPP_TEMPLATES, name);

/** How many body parameters a template takes. */
export const parameterCount = (name: WhatsAppTemplate) => WHATSAPP_TEMPLATES[name].match(/\{\{\d+\}\}/g)?.length ?? 0;

/** The text the phone shows: the template with its parameters in place. */
export function renderTemplate(name: WhatsAppTemplate, parameters: string[]): string {
  return WHATSAPP_TEMPLATES[name].replace(/\{\{(\d+)\}\}/g, (_, n: string) => parameters[Number(n) - 1] ?? "");
}
