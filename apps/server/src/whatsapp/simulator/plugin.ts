import { randomBytes } from "node:crypto";
import { and, asc, eq, lt, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { z } from "zod";
import type { Db } from "../../db/client";
import type { SimulatorControl } from "../../http/simulator-control";
import { hubSignature } from "../cloud-api";
import { WHATSAPP_SIMULATOR_PREFIX, type WhatsAppSimulatorCredentials } from "../setup";
import { isAuthenticationTemplate, isTemplate, parameterCount, renderTemplate } from "../templates";
import { graphError, sendRequestSchema } from "./requests";
import { whatsappSimulatorMessages } from "./tables";

export interface WhatsAppSimulator {
  /** Resolves when every status webhook under way has been answered. */
  settled(): Promise<void>;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Present only when WhatsApp runs on the simulator. */
    whatsappSimulator?: WhatsAppSimulator;
  }
}

/** How long after a send the simulator starts reporting its statuses. */
const STATUS_DELAY_MS = 250;

const outageBody = z.object({ failures: z.number().int().min(0).max(100) });
const phoneParams = z.object({ number: z.string().regex(/^\d{8,15}$/) });

/**
 * A WhatsApp Cloud API stand-in on our own origin (`/sim/whatsapp`), mounted only when WhatsApp has no keys and
 * the simulator is allowed: `POST /{version}/{phone-number-id}/messages` checks the bearer token, the phone
 * number id, the template and its parameter count as Meta does, records the message and answers its wamid;
 * then it reports "sent" and "delivered" to the store's webhook, signed with X-Hub-Signature-256.
 * `GET /phones/{number}/messages` shows what that phone received (tests, the demo); `POST /messages/{id}/read`
 * plays the shopper reading it; `POST /outages` makes the next n sends fail (per process, like the payment
 * simulator's refund outages). Those three are controls no real WhatsApp offers: behind `control` (the
 * owner's session or the install's simulator secret, decision 062).
 */
export const whatsappSimulatorPlugin = fp<{
  db: Db;
  credentials: WhatsAppSimulatorCredentials;
  control: SimulatorControl;
}>(
  async (app: FastifyInstance, { db, credentials, control }) => {
    const inFlight = new Set<Promise<void>>();
    let failuresToPlay = 0;
    app.decorate("whatsappSimulator", {
      async settled() {
        while (inFlight.size > 0) await Promise.all([...inFlight]);
      },
    });
    app.addHook("preClose", () => app.whatsappSimulator?.settled());

    function report(id: string, to: string, statuses: string[]): void {
      const delivery = (async () => {
        // Meta reports a message's statuses some time after answering its send, never before the sender has
        // the message id: the store records that id when the send's answer arrives (whatsapp/worker.ts).
        await new Promise((resolve) => setTimeout(resolve, STATUS_DELAY_MS));
        for (const status of statuses) {
          const body = JSON.stringify({
            object: "whatsapp_business_account",
            entry: [
              {
                id: "simulator-waba",
                changes: [
                  {
                    field: "messages",
                    value: {
                      messaging_product: "whatsapp",
                      metadata: { phone_number_id: credentials.phoneNumberId },
                      statuses: [{ id, status, recipient_id: to, timestamp: String(Math.floor(Date.now() / 1000)) }],
                    },
                  },
                ],
              },
            ],
          });
          try {
            const response = await fetch(`${app.config.publicUrl.replace(/\/+$/, "")}/api/webhooks/whatsapp`, {
              method: "POST",
              headers: {
                "content-type": "application/json",
                "x-hub-signature-256": hubSignature(body, credentials.appSecret),
              },
              body,
              signal: AbortSignal.timeout(15_000),
            });
            if (!response.ok) app.log.warn({ id, status: response.status }, "simulated WhatsApp webhook was refused");
          } catch (err) {
            app.log.warn({ err, id }, "simulated WhatsApp webhook could not be delivered");
          }
        }
      })().finally(() => inFlight.delete(delivery));
      inFlight.add(delivery);
    }

    const hide = { schema: { hide: true } };
    // What no real WhatsApp offers strangers: a phone's messages, playing its reader, outages.
    const controlled = { ...hide, onRequest: control };
    app.post(`${WHATSAPP_SIMULATOR_PREFIX}/:version/:phoneNumberId/messages`, hide, async (request, reply) => {
      const { phoneNumberId } = request.params as { phoneNumberId: string };
      if (request.headers.authorization !== `Bearer ${credentials.token}`)
        return reply.status(401).send(graphError("Invalid OAuth access token.", 190));
      if (phoneNumberId !== credentials.phoneNumberId)
        return reply
          .status(400)
          .send(
            graphError(
              `Unsupported post request. Object with ID '${phoneNumberId}' does not exist.`,
              100,
              "GraphMethodException",
            ),
          );
      if (failuresToPlay > 0) {
        failuresToPlay--;
        return reply.status(503).send(graphError("Service temporarily unavailable (simulated outage).", 131000));
      }
      const parsed = sendRequestSchema.safeParse(request.body);
      if (!parsed.success)
        return reply.status(400).send(graphError(`(#100) Invalid parameter: ${parsed.error.issues[0]?.message}`, 100));
      const { to, template } = parsed.data;
      if (!isTemplate(template.name) || template.language.code !== "en")
        return reply.status(404).send(graphError(`(#132001) Template name does not exist in the translation`, 132001));
      const parameters = (template.components ?? []).flatMap((c) =>
        c.type === "body" ? (c.parameters ?? []).map((p) => p.text) : [],
      );
      const button = (template.components ?? []).find((c) => c.type === "button");
      const codeInButton = button?.parameters?.[0]?.text === parameters[0];
      if (
        parameters.length !== parameterCount(template.name) ||
        (isAuthenticationTemplate(template.name) && !codeInButton)
      )
        return reply
          .status(400)
          .send(graphError("(#132000) Number of parameters does not match the expected number of params", 132000));
      const id = `wamid.${randomBytes(12).toString("base64url")}`;
      await db.insert(whatsappSimulatorMessages).values({
        id,
        phoneNumberId,
        to,
        template: template.name,
        language: template.language.code,
        parameters,
        text: renderTemplate(template.name, parameters),
        status: "delivered",
      });
      report(id, to, ["sent", "delivered"]);
      return { messaging_product: "whatsapp", contacts: [{ input: to, wa_id: to }], messages: [{ id }] };
    });

    app.get(`${WHATSAPP_SIMULATOR_PREFIX}/phones/:number/messages`, controlled, async (request, reply) => {
      const params = phoneParams.safeParse(request.params);
      if (!params.success)
        return reply
          .status(400)
          .send({ message: "The number must be digits only, with its country code.", code: "BAD_REQUEST", errors: [] });
      const rows = await db
        .select()
        .from(whatsappSimulatorMessages)
        .where(eq(whatsappSimulatorMessages.to, params.data.number))
        .orderBy(asc(whatsappSimulatorMessages.createdAt), asc(whatsappSimulatorMessages.id));
      return {
        data: rows.map((r) => ({
          id: r.id,
          template: r.template,
          text: r.text,
          status: r.status,
          created_at: r.createdAt,
        })),
      };
    });

    app.post(`${WHATSAPP_SIMULATOR_PREFIX}/messages/:id/read`, controlled, async (request, reply) => {
      const { id } = request.params as { id: string };
      const [row] = await db
        .update(whatsappSimulatorMessages)
        .set({ status: "read" })
        .where(eq(whatsappSimulatorMessages.id, id))
        .returning();
      if (!row) return reply.status(404).send({ message: "No such message.", code: "NOT_FOUND", errors: [] });
      report(row.id, row.to, ["read"]);
      return { id: row.id, status: row.status };
    });

    app.post(`${WHATSAPP_SIMULATOR_PREFIX}/outages`, controlled, async (request, reply) => {
      const body = outageBody.safeParse(request.body);
      if (!body.success)
        return reply
          .status(400)
          .send({ message: "Send { failures: n }: how many sends should fail.", code: "BAD_REQUEST", errors: [] });
      failuresToPlay = body.data.failures;
      return { failures: failuresToPlay };
    });
  },
  { name: "whatsapp-simulator" },
);

/** Housekeeping: the simulator's messages older than `days` (none in production). */
export async function deleteOldWhatsAppSimulatorMessages(db: Db, days = 30): Promise<number> {
  const rows = await db
    .delete(whatsappSimulatorMessages)
    .where(and(lt(whatsappSimulatorMessages.createdAt, sql`now() - ${`${days} days`}::interval`)))
    .returning({ id: whatsappSimulatorMessages.id });
  return rows.length;
}
