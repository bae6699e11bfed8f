import { toMajorUnits, toMinorUnits, type Currency, type ShippingFees } from "@store/shared";

/** The shipping fees as `seller_settings.shipping_fees` keeps them: the same shape, in minor units (paise, cents). */
export type StoredShippingFees = ShippingFees;

const each = (fees: Record<Currency, number>, convert: (amount: number) => number): Record<Currency, number> => ({
  INR: convert(fees.INR),
  USD: convert(fees.USD),
});

/** Whole rupees and dollars (as the seller enters them and orders are priced) to the stored minor units. */
export const toMinorFees = (fees: ShippingFees): StoredShippingFees => ({
  "india-express": each(fees["india-express"], toMinorUnits),
});

/** The stored minor units back to the major units orders are priced in (always whole: only whole units are saved). */
export const toMajorFees = (stored: StoredShippingFees): ShippingFees => ({
  "india-express": each(stored["india-express"], toMajorUnits),
});
