import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import type { Db } from "../db/client";
import { hubSignatureMatches } from "./cloud-api";
import { recordStatusWebhook } from "./status-webhooks";

const handshake = z.object({
  "hub.mode": z.string().optional(),
  "hub.verify_token": z.string().optional(),
  "hub.challenge": z.string().max(200).optional(),
});

const refuse = (message: string, code: string) => ({ message, code, errors: [] });

/**
 * The Cloud API's webhook: Meta's GET handshake when the webhook is registered (answer hub.challenge when
 * hub.verify_token is ours), and the POSTed status notifications, checked against X-Hub-Signature-256 over
 * the exact bytes sent (so JSON stays a raw string in this plugin's scope).
 */
export const whatsappWebhookRoutes: FastifyPluginAsync<{ db: Db; appSecret?: string; verifyToken?: string }> = async (
  app,
  { db, appSecret, verifyToken },
) => {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => done(null, body));

  app.get(
    "/api/webhooks/whatsapp",
    { config: { rateLimit: false }, schema: { tags: ["notifications"], summary: "WhatsApp webhook handshake" } },
    async (request, reply) => {
      const query = handshake.safeParse(request.query);
      const q = query.success ? query.data : {};
      if (!verifyToken || q["hub.mode"] !== "subscribe" || q["hub.verify_token"] !== verifyToken || !q["hub.challenge"])
        return reply.status(403).send(refuse("The verify token does not match this store's.", "FORBIDDEN"));
      return reply.type("text/plain").send(q["hub.challenge"]);
    },
  );

  app.post(
    "/api/webhooks/whatsapp",
    { config: { rateLimit: false }, schema: { tags: ["notifications"], summary: "WhatsApp status webhook" } },
    async (request, reply) => {
      const raw = typeof request.body === "string" ? request.body : "";
      const signature = request.headers["x-hub-signature-256"];
      if (!appSecret || !hubSignatureMatches(raw, typeof signature === "string" ? signature : undefined, appSecret))
        return reply
          .status(401)
          .send(refuse("The webhook's X-Hub-Signature-256 does not match its body.", "INVALID_SIGNATURE"));
      const outcome = await recordStatusWebhook(db, raw);
      if (!outcome.ok) return reply.status(400).send(refuse(outcome.reason, "BAD_REQUEST"));
      return { received: true, updated: outcome.updated };
    },
  );
};
