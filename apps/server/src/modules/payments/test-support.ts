import type { FastifyInstance } from "fastify";
import { expect } from "vitest";

/** The seller's account for bank transfers (decision 098) as the tests give it; the IFSC in lower case on purpose. */
export const BANK_ACCOUNT = {
  enabled: true,
  account_name: "Jaipur Prints LLP",
  bank_name: "State Bank of India",
  account_number: "30123456789",
  ifsc: "sbin0001234",
  branch: "MI Road, Jaipur",
  upi_id: "jaipurprints@sbi",
  days_to_pay: 5,
};

/** The owner saves that account (with `changes`), which offers bank transfer to approved trade buyers. */
export async function openBankAccount(
  app: FastifyInstance,
  owner: Record<string, string>,
  changes: Partial<typeof BANK_ACCOUNT> = {},
): Promise<void> {
  const res = await app.inject({
    method: "PUT",
    url: "/api/admin/bank-transfer/settings",
    headers: owner,
    payload: { ...BANK_ACCOUNT, ...changes },
  });
  expect(res.statusCode, res.body).toBe(200);
}
