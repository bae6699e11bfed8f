import { asc, eq } from "drizzle-orm";
import {
  destinationName,
  parcelWeight,
  toMajorUnits,
  toMinorUnits,
  type Currency,
  type ParcelPieceFacts,
  type ShippingMethodCode,
  type ShippingRates,
  type ShippingRatesResponse,
} from "@store/shared";
import type { Db, Tx } from "../../db/client";
import { shippingRateCards, shippingZoneCountries, shippingZones } from "./rate-tables";

/** One line of a parcel as it is priced abroad: its weight facts and its handling surcharge per piece (minor units). */
export interface RatedPiece extends ParcelPieceFacts {
  handlingMinor: number;
}

export type RatePrice =
  | { ok: true; zone: string; feeMinor: number; chargeableGrams: number; handlingMinor: number }
  | { ok: false; message: string };

/** The zones with their countries and the rate cards, as the back office edits them (whole rupees and dollars). */
export async function readShippingRates(db: Db | Tx): Promise<ShippingRatesResponse> {
  const [zones, countries, cards] = await Promise.all([
    db.select().from(shippingZones).orderBy(asc(shippingZones.position), asc(shippingZones.code)),
    db.select().from(shippingZoneCountries).orderBy(asc(shippingZoneCountries.country)),
    db
      .select()
      .from(shippingRateCards)
      .orderBy(asc(shippingRateCards.method), asc(shippingRateCards.zoneCode), asc(shippingRateCards.currency)),
  ]);
  return {
    zones: zones.map((z) => ({
      code: z.code,
      name: z.name,
      countries: countries
        .filter((c) => c.zoneCode === z.code)
        .map((c) => ({ code: c.country, name: destinationName(c.country) ?? c.country })),
    })),
    cards: cards.map((c) => ({
      method: c.method,
      zone: c.zoneCode,
      currency: c.currency,
      first_half_kg: toMajorUnits(c.firstHalfKgMinor),
      each_half_kg_more: toMajorUnits(c.eachHalfKgMoreMinor),
    })),
  };
}

/** Replaces the zones and cards with the seller's (checked whole by `shippingRatesSchema`). */
export async function writeShippingRates(tx: Tx, rates: ShippingRates): Promise<void> {
  await tx.delete(shippingRateCards);
  await tx.delete(shippingZoneCountries);
  await tx.delete(shippingZones);
  await tx.insert(shippingZones).values(rates.zones.map((z, i) => ({ code: z.code, name: z.name, position: i + 1 })));
  const countries = rates.zones.flatMap((z) => z.countries.map((country) => ({ country, zoneCode: z.code })));
  if (countries.length > 0) await tx.insert(shippingZoneCountries).values(countries);
  if (rates.cards.length > 0)
    await tx.insert(shippingRateCards).values(
      rates.cards.map((c) => ({
        method: c.method,
        zoneCode: c.zone,
        currency: c.currency,
        firstHalfKgMinor: toMinorUnits(c.first_half_kg),
        eachHalfKgMoreMinor: toMinorUnits(c.each_half_kg_more),
      })),
    );
}

/** The zone a delivery country is in, or null: not shipped to. */
async function zoneOf(db: Db | Tx, country: string): Promise<string | null> {
  const [row] = await db
    .select({ zone: shippingZoneCountries.zoneCode })
    .from(shippingZoneCountries)
    .where(eq(shippingZoneCountries.country, country.toUpperCase()));
  return row?.zone ?? null;
}

/**
 * An international method's fee for a parcel (decision 080): the rate card of the method, the country's zone
 * and the order's currency, for the first half kilo of chargeable weight and each further half kilo, plus the
 * pieces' handling surcharges; in minor units. A country in no zone, or a zone without this card, is refused
 * in a sentence for the shopper.
 */
export async function priceByRateCard(
  db: Db | Tx,
  input: { method: ShippingMethodCode; currency: Currency; country: string; pieces: readonly RatedPiece[] },
): Promise<RatePrice> {
  const country = input.country.toUpperCase();
  const zone = await zoneOf(db, country);
  const place = destinationName(country) ?? country;
  if (!zone) return { ok: false, message: `Sorry, we do not ship to ${place} yet.` };
  const cards = await db.select().from(shippingRateCards).where(eq(shippingRateCards.zoneCode, zone));
  const card = cards.find((c) => c.method === input.method && c.currency === input.currency);
  if (!card) return { ok: false, message: `Sorry, this delivery is not priced for ${place} yet.` };
  return { ok: true, zone, ...feeByCard(card, input.pieces) };
}

/** A card's price for a parcel: the first half kilo, each further half kilo, plus the pieces' surcharges. */
function feeByCard(
  card: { firstHalfKgMinor: number; eachHalfKgMoreMinor: number },
  pieces: readonly RatedPiece[],
): { feeMinor: number; chargeableGrams: number; handlingMinor: number } {
  const weight = parcelWeight(pieces);
  const handlingMinor = pieces.reduce((sum, p) => sum + p.handlingMinor * p.quantity, 0);
  const feeMinor = card.firstHalfKgMinor + (weight.steps - 1) * card.eachHalfKgMoreMinor + handlingMinor;
  return { feeMinor, chargeableGrams: weight.chargeableGrams, handlingMinor };
}

/** One zone's price for a parcel by one method: the countries it reaches and the fee (minor units). */
export interface ZonePrice {
  method: ShippingMethodCode;
  zone: string;
  countries: string[];
  feeMinor: number;
}

/**
 * A parcel priced in every zone that has countries, by each of `methods` with a card in `currency`: what the
 * rate cards charge abroad, read once (the product page's structured data, decision 104). Same formula as
 * `priceByRateCard`; a zone without a card for the method is left out (not shipped that way).
 */
export async function priceInEveryZone(
  db: Db | Tx,
  input: { methods: readonly ShippingMethodCode[]; currency: Currency; pieces: readonly RatedPiece[] },
): Promise<ZonePrice[]> {
  const [zones, countries, cards] = await Promise.all([
    db.select().from(shippingZones).orderBy(asc(shippingZones.position), asc(shippingZones.code)),
    db.select().from(shippingZoneCountries).orderBy(asc(shippingZoneCountries.country)),
    db.select().from(shippingRateCards).where(eq(shippingRateCards.currency, input.currency)),
  ]);
  return input.methods.flatMap((method) =>
    zones.flatMap((zone) => {
      const reached = countries.filter((c) => c.zoneCode === zone.code).map((c) => c.country);
      const card = cards.find((c) => c.method === method && c.zoneCode === zone.code);
      if (!card || reached.length === 0) return [];
      return [{ method, zone: zone.code, countries: reached, feeMinor: feeByCard(card, input.pieces).feeMinor }];
    }),
  );
}
