import { and, eq, gte, ilike, inArray, isNotNull, lt, or, sql, type SQL } from "drizzle-orm";
import { inrMinorAtRate, type AdminOrderListQuery } from "@store/shared";
import { users } from "../accounts/tables";
import { orders } from "./tables";
import { istDayEnd, istDayStart } from "../../lib/seller-time";

export type OrderFilter = Omit<AdminOrderListQuery, "page" | "page_size">;

/** The orders a seller packs and hands to the courier next: paid, or cash on delivery confirmed, not shipped. */
export const TO_SHIP_STATUSES = ["paid", "cod_confirmed"] as const;

/** A phone number is matched on its digits, however it was typed ("+91 98290 41234" or "9829041234"). */
const PHONE_DIGITS_MIN = 4;
/** Order numbers are 32-bit ids. */
const ORDER_ID_MAX = 2_147_483_647;

/** `%`, `_` and `\` typed by the seller are letters to find, not LIKE's wildcards. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The seller's search box: an order number ("1042" or "#1042"), part of the customer's name, of the phone
 * number (its digits) or of the e-mail (the order's, or the account's for an order placed without one).
 */
function searchFilter(raw: string): SQL | undefined {
  const text = raw.trim();
  if (!text) return undefined;
  const digits = text.replace(/\D/g, "");
  const numberLike = /^[#+\d\s()-]+$/.test(text) && digits.length > 0;
  const contains = `%${likeEscape(text)}%`;
  const asId = Number(digits);
  return or(
    numberLike && Number.isSafeInteger(asId) && asId >= 1 && asId <= ORDER_ID_MAX ? eq(orders.id, asId) : undefined,
    numberLike && digits.length >= PHONE_DIGITS_MIN
      ? sql`regexp_replace(${orders.countryCode} || ${orders.mobileNumber}, '[^0-9]', '', 'g') like ${`%${digits}%`}`
      : undefined,
    numberLike ? undefined : ilike(orders.deliveryName, contains),
    numberLike ? undefined : ilike(orders.email, contains),
    numberLike ? undefined : ilike(users.email, contains),
  );
}

/** The list's and the CSV's filters; the query joins `users` (the account's e-mail). */
export function orderFilter(query: OrderFilter): SQL | undefined {
  return and(
    query.status === undefined ? undefined : eq(orders.status, query.status),
    query.view === "to_ship" ? inArray(orders.status, [...TO_SHIP_STATUSES]) : undefined,
    query.view === "attention" ? isNotNull(orders.attention) : undefined,
    query.payment_method === undefined ? undefined : eq(orders.paymentMethod, query.payment_method),
    query.currency === undefined ? undefined : eq(orders.currency, query.currency),
    query.from === undefined ? undefined : gte(orders.createdAt, istDayStart(query.from)),
    query.to === undefined ? undefined : lt(orders.createdAt, istDayEnd(query.to)),
    query.query === undefined ? undefined : searchFilter(query.query),
  );
}

/** A USD amount in paise at the order's own rate (INR per USD x 1000), for the seller to read; null for INR. */
export function inrAtRate(minor: number, currency: string, rateMilli: number): number | null {
  return currency === "USD" ? inrMinorAtRate(minor, rateMilli) : null;
}
