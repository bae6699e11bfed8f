import { createHmac, timingSafeEqual } from "node:crypto";
import { isAuthenticationTemplate } from "./templates";

/** The Graph API version the adapter speaks. */
export const GRAPH_API_VERSION = "v21.0";

export interface TemplateMessage {
  to: string;
  template: string;
  language: string;
  parameters: string[];
}

/** Where template messages go: the Cloud API (real or simulated) or, with neither, the server log. */
export interface WhatsAppSender {
  readonly kind: "cloud-api" | "simulator" | "log";
  /** The message's id (wamid...) once the API accepted it; throws when it refuses or cannot be reached. */
  send(message: TemplateMessage): Promise<string | null>;
}

/**
 * The request body of `POST /{version}/{phone-number-id}/messages` for a template message. An authentication
 * template's copy-code button takes the code again (Meta's "url" button, index 0).
 */
export function templateRequest(message: TemplateMessage) {
  const body = { type: "body", parameters: message.parameters.map((text) => ({ type: "text", text })) };
  const code = message.parameters[0];
  const button =
    isAuthenticationTemplate(message.template) && code
      ? [{ type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: code }] }]
      : [];
  return {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: message.to,
    type: "template",
    template: {
      name: message.template,
      language: { code: message.language },
      components: [body, ...button],
    },
  };
}

/**
 * The WhatsApp Cloud API adapter over fetch. `baseUrl` is read per call (the simulator's address is known only
 * once the server listens). An answer other than 2xx throws with the API's own message, for the outbox to retry.
 */
export function createCloudApiSender(options: {
  baseUrl: () => string;
  token: string;
  phoneNumberId: string;
  simulated: boolean;
  timeoutMs?: number;
}): WhatsAppSender {
  return {
    kind: options.simulated ? "simulator" : "cloud-api",
    async send(message) {
      const url = `${options.baseUrl()}/${GRAPH_API_VERSION}/${encodeURIComponent(options.phoneNumberId)}/messages`;
      const response = await fetch(url, {
        method: "POST",
        headers: { authorization: `Bearer ${options.token}`, "content-type": "application/json" },
        body: JSON.stringify(templateRequest(message)),
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
      const body = (await response.json().catch(() => ({}))) as {
        messages?: { id?: string }[];
        error?: { message?: string; code?: number };
      };
      if (!response.ok) {
        const reason = body.error?.message ?? response.statusText;
        throw new Error(`WhatsApp Cloud API answered ${response.status}: ${reason}`);
      }
      const id = body.messages?.[0]?.id;
      if (!id) throw new Error("WhatsApp Cloud API answered without a message id");
      return id;
    },
  };
}

/** `X-Hub-Signature-256`: "sha256=" and the hex HMAC-SHA256 of the raw body with the app secret. */
export const hubSignature = (rawBody: string, appSecret: string) =>
  `sha256=${createHmac("sha256", appSecret).update(rawBody).digest("hex")}`;

export function hubSignatureMatches(rawBody: string, header: string | undefined, appSecret: string): boolean {
  if (!header) return false;
  const expected = Buffer.from(hubSignature(rawBody, appSecret));
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
