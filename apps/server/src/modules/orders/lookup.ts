import { and, eq, notInArray } from "drizzle-orm";
import { UNPLACED_STATUSES, type LookupContact } from "@store/shared";
import type { AbuseLimits } from "../../config";
import type { Db } from "../../db/client";
import { takeFromLimit } from "../../db/rate-counters";
import { AppError } from "../../errors";
import { sameSecret } from "../../lib/secrets";
import { whatsappContact } from "../accounts/notification-preferences";
import { orderPagePath } from "./reader";
import { orders } from "./tables";

type OrderContact = { email: string | null; countryCode: string; mobileNumber: string };

/**
 * What a lookup compares, given and expected, as two strings for one constant-time comparison:
 * - an e-mail: trimmed, in lower case;
 * - a phone: the order's number with its country code (checkout's country code and mobile number, as the
 *   WhatsApp updates use it: "+91" with "098290 12345" is 919829012345) against the international digits
 *   given; on both sides a trunk 0 just after the order's country code is dropped, so "+91 (0)98290 12345"
 *   is the same number. The last ten digits alone no longer find an order.
 */
export function lookupKeys(order: OrderContact, given: LookupContact): { expected: string; given: string } {
  if ("email" in given)
    return { expected: `email:${(order.email ?? "").trim().toLowerCase()}`, given: `email:${given.email}` };
  const country = order.countryCode.replace(/\D/g, "") || "91";
  const national = (digits: string) =>
    digits.startsWith(country) ? country + digits.slice(country.length).replace(/^0+/, "") : digits;
  return {
    expected: `phone:${national(whatsappContact(order.countryCode, order.mobileNumber))}`,
    given: `phone:${national(given.phone)}`,
  };
}

/** Compared against when the number is unknown, so a missing order costs what a present one does. */
const NOBODY: OrderContact & { id: number; viewToken: string } = {
  id: 0,
  viewToken: "",
  email: "nobody@invalid",
  countryCode: "+0",
  mobileNumber: "0",
};

const NOT_FOUND = "We found no order with that number and e-mail or phone number. Please check both, or contact us.";
const TOO_MANY =
  "Too many tries to find an order. Please try again later, or open the order from the link in its confirmation e-mail.";

/**
 * `POST /api/orders/lookup`: the order's page for whoever gives its number with the full contact it was
 * placed with. Tries are counted per client and per order number, existing or not, before anything is read
 * (a 429 tells nothing about the number); then the order is read and its contact, or a stand-in's when there
 * is no such order, compared in constant time: the same work either way, and every "no" is one answer.
 */
export function createOrderLookup(db: Db, limits: AbuseLimits["orderLookups"]) {
  return async function lookup(
    orderId: number,
    contact: LookupContact,
    client: string,
  ): Promise<{ order_id: number; path: string }> {
    const now = new Date();
    // One transaction: one commit to wait for, not two.
    const taken = await db.transaction(async (tx) => {
      const byClient = await takeFromLimit(tx, `order-lookup-client:${client}`, limits.perClient, now);
      return byClient.allowed ? takeFromLimit(tx, `order-lookup:${orderId}`, limits.perNumber, now) : byClient;
    });
    if (!taken.allowed)
      throw new AppError("rate_limited", TOO_MANY, "TOO_MANY_LOOKUPS", undefined, taken.retryAfterSeconds);
    const [found] = await db
      .select({
        id: orders.id,
        viewToken: orders.viewToken,
        email: orders.email,
        countryCode: orders.countryCode,
        mobileNumber: orders.mobileNumber,
      })
      .from(orders)
      .where(and(eq(orders.id, orderId), notInArray(orders.status, [...UNPLACED_STATUSES])));
    const order = found ?? NOBODY;
    const keys = lookupKeys(order, contact);
    if (!(sameSecret(keys.given, keys.expected) && found))
      throw new AppError("not_found", NOT_FOUND, "ORDER_NOT_FOUND");
    return { order_id: order.id, path: orderPagePath(order) };
  };
}
