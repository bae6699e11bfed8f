import type { Tx } from "../db/client";
import { isAuthenticationTemplate, OPT_OUT_PARAMETER, WHATSAPP_LANGUAGE, type WhatsAppTemplate } from "./templates";
import { whatsappOutbox } from "./tables";

export interface OutgoingWhatsApp {
  /** International form, digits only (919829041234). */
  to: string;
  template: WhatsAppTemplate;
  /**
   * The template's parameters before the opt-out link (added here, filled in at send time; an authentication
   * template, a one-time code, has none).
   */
  parameters: string[];
}

/** Meta refuses a parameter with a line break, a tab or more than four spaces in a row: one line, single spaces. */
const oneLine = (parameter: string) => parameter.replace(/\s+/g, " ").trim();

/** Queues a template message in the same transaction as the change it announces: both happen, or neither. */
export async function queueWhatsApp(tx: Tx, message: OutgoingWhatsApp): Promise<void> {
  await tx.insert(whatsappOutbox).values({
    to: message.to,
    template: message.template,
    language: WHATSAPP_LANGUAGE,
    parameters: [
      ...message.parameters.map(oneLine),
      ...(isAuthenticationTemplate(message.template) ? [] : [OPT_OUT_PARAMETER]),
    ],
  });
}
