import { gstinCheckCharacter } from "@store/shared";
import type { FastifyInstance } from "fastify";
import { call } from "../admin/test-support";

let groups = 0;

/**
 * Makes a signed-in shopper an approved trade buyer (decision 097) through the API: a new group at
 * `percentOff` (0 keeps retail prices, for tests about something else), the application, the owner's approval.
 */
export async function makeTradeBuyer(
  app: FastifyInstance,
  owner: Record<string, string>,
  buyer: Record<string, string>,
  percentOff = 0,
): Promise<{ gstin: string; groupId: number }> {
  const group = await call(app, owner, "POST", "/api/admin/trade/groups", {
    name: `Test group ${++groups} ${Date.now()}`,
    percent_off: percentOff,
  });
  if (group.statusCode !== 201) throw new Error(`trade group: ${group.statusCode} ${group.body}`);
  const body = "08ABCDE1234F1Z";
  const gstin = body + gstinCheckCharacter(body);
  const applied = await call(app, buyer, "POST", "/api/trade/apply/", {
    gstin,
    business_name: "Meena Textiles",
    buys: "Block-printed bedsheets for our shop",
    monthly_volume_rupees: 100000,
  });
  if (applied.statusCode !== 200) throw new Error(`trade application: ${applied.statusCode} ${applied.body}`);
  const approved = await call(app, owner, "POST", `/api/admin/trade/applications/${applied.json().id}/approve`, {
    group_id: group.json().id,
  });
  if (approved.statusCode !== 200) throw new Error(`trade approval: ${approved.statusCode} ${approved.body}`);
  return { gstin, groupId: group.json().id as number };
}
