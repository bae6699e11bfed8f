import { z } from "zod";
import type { Currency } from "../constants";
import { formatMoney } from "../money";
import type { ShippingFees } from "../shipping-methods";
import { formNumber } from "./admin-common";

/**
 * The highest fee the back office takes per currency, in whole units: far above any courier's express rate,
 * so a fee typed in paise or cents (9900 for 99) is caught before shoppers pay it.
 */
export const SHIPPING_FEE_MAX: Record<Currency, number> = { INR: 5000, USD: 100 };

const UNIT: Record<Currency, string> = { INR: "rupees", USD: "US dollars" };

/** A fee in whole rupees or dollars, as the checkout shows money (no decimals); 0 makes the method free. */
const wholeFee = (currency: Currency) =>
  formNumber(
    z
      .number({ error: `Enter the fee in whole ${UNIT[currency]} (0 for free)` })
      .int(`Enter the fee in whole ${UNIT[currency]}, without decimals`)
      .min(0, "The fee cannot be negative")
      .max(
        SHIPPING_FEE_MAX[currency],
        `The fee is at most ${formatMoney(SHIPPING_FEE_MAX[currency], currency)} (enter ${UNIT[currency]}, not ${currency === "INR" ? "paise" : "cents"})`,
      ),
  );

/**
 * `PUT /api/admin/settings/shipping-fees`: the fees the seller sets, by shipping method, in whole major units
 * of each currency (the database keeps minor units). India express only for now; the international rate
 * cards are to be added as keys of their own.
 */
export const shippingFeesSchema = z.object({
  "india-express": z.object({ INR: wholeFee("INR"), USD: wholeFee("USD") }),
}) satisfies z.ZodType<ShippingFees>;

/**
 * `GET /api/shipping-fees/` and `GET/PUT /api/admin/settings/shipping-fees`' answer: the fees as saved, which
 * the checkout and the shipping policy show (the server prices every order with them again).
 */
export const shippingFeesResponseSchema = z.object({
  "india-express": z.object({ INR: z.number().int(), USD: z.number().int() }),
}) satisfies z.ZodType<ShippingFees>;
