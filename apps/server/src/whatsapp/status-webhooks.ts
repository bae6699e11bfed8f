import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { whatsappOutbox } from "./tables";

/** Later states win; a late "sent" after "delivered" changes nothing. "failed" wins whenever it comes. */
const RANK = { sent: 1, delivered: 2, read: 3, failed: 4 } as const;
type DeliveryStatus = keyof typeof RANK;

/** The part of the Cloud API's webhook the store reads: entry[].changes[].value.statuses[]. */
const webhookSchema = z.object({
  object: z.literal("whatsapp_business_account"),
  entry: z.array(
    z.object({
      changes: z.array(
        z.object({
          value: z.object({
            statuses: z
              .array(z.object({ id: z.string(), status: z.string(), recipient_id: z.string().optional() }))
              .optional(),
          }),
        }),
      ),
    }),
  ),
});

export type StatusWebhookOutcome = { ok: true; updated: number } | { ok: false; reason: string };

/**
 * Records the statuses a (signature-checked) webhook reports on our messages. Replays and statuses arriving
 * out of order change nothing: a message's status only moves forward. Unknown message ids are ignored (a
 * message sent by another system on the same number).
 */
export async function recordStatusWebhook(db: Db, raw: string): Promise<StatusWebhookOutcome> {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, reason: "The webhook body is not JSON." };
  }
  const parsed = webhookSchema.safeParse(json);
  if (!parsed.success)
    return { ok: false, reason: "The webhook body is not a WhatsApp Business Account notification." };
  let updated = 0;
  const statuses = parsed.data.entry.flatMap((e) => e.changes.flatMap((c) => c.value.statuses ?? []));
  for (const { id, status } of statuses) {
    if (!(status in RANK)) continue;
    const rank = RANK[status as DeliveryStatus];
    const lower = (Object.keys(RANK) as DeliveryStatus[]).filter((s) => RANK[s] < rank);
    const rows = await db
      .update(whatsappOutbox)
      .set({ deliveryStatus: status, deliveryStatusAt: sql`now()` })
      .where(
        and(
          eq(whatsappOutbox.providerMessageId, id),
          or(
            isNull(whatsappOutbox.deliveryStatus),
            lower.length ? inArray(whatsappOutbox.deliveryStatus, lower) : sql`false`,
          ),
        ),
      )
      .returning({ id: whatsappOutbox.id });
    updated += rows.length;
  }
  return { ok: true, updated };
}
