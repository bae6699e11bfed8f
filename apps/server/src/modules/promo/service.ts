import { sql } from "drizzle-orm";
import {
  DEFAULT_CURRENCY,
  type CartResponse,
  type GetCartQuery,
  type PromoNotApplicable,
  type ValidatePromoRequest,
  type ValidatePromoResponse,
} from "@store/shared";
import type { Db } from "../../db/client";
import type { SessionUser } from "../accounts/service";
import { computeDiscount, type PromoRule } from "./rules";
import { promoCodes } from "./tables";

/** A refusal is not about one field, so the route answers it with no field errors. */
export type PromoOutcome =
  { ok: true; applied: ValidatePromoResponse } | { ok: false; refusal: Omit<PromoNotApplicable, "errors"> };

/**
 * Codes are matched without regard to case ("welcome10" is WELCOME10), as the unique index is. Takes the
 * database or a transaction: the checkout looks the rule up inside the transaction that confirms an order.
 */
export async function findPromoRule(db: Db, code: string): Promise<PromoRule | undefined> {
  const [rule] = await db
    .select()
    .from(promoCodes)
    .where(sql`upper(${promoCodes.code}) = upper(${code})`)
    .limit(1);
  return rule;
}

/** What the promo check reads of a shopper's cart; the cart service provides it (wired in services.ts). */
export interface CartTotals {
  get(query: GetCartQuery, user: SessionUser | null): Promise<Pick<CartResponse, "subtotal" | "count" | "currency">>;
}

export function createPromoService(db: Db, cart: CartTotals) {
  const findRule = (code: string) => findPromoRule(db, code);

  return {
    findRule,

    /**
     * `POST /api/validate-promo-code/`. With a cart_id the amount and piece count come from that cart (as
     * the checkout will compute them) and the client's numbers are ignored; a foreign cart is a 404.
     */
    async validate(input: ValidatePromoRequest, user: SessionUser | null, now = new Date()): Promise<PromoOutcome> {
      const order = input.cart_id
        ? await cart.get({ cart_id: input.cart_id, currency: input.currency }, user)
        : {
            subtotal: input.amount ?? 0,
            count: input.no_of_products ?? 0,
            currency: input.currency ?? DEFAULT_CURRENCY,
          };
      const rule = await findRule(input.promo_code);
      if (!rule)
        return {
          ok: false,
          refusal: { message: "This promo code does not exist.", code: "PROMO_NOT_APPLICABLE", reason: "unknown" },
        };

      const result = computeDiscount(rule, order.subtotal, order.count, order.currency, now);
      if (!result.ok)
        return { ok: false, refusal: { message: result.message, code: "PROMO_NOT_APPLICABLE", reason: result.reason } };
      return {
        ok: true,
        applied: {
          amount: result.discount,
          message: result.message,
          promo_code: rule.code,
          currency: order.currency,
          subtotal: order.subtotal,
        },
      };
    },
  };
}
