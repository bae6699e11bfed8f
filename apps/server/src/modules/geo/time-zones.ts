import { getCountry, getCountryForTimezone, getTimezone, type CountryCode } from "countries-and-timezones";
import { MAIN_TIME_ZONES, STATE_TIME_ZONES } from "@store/shared/time-zones.data";

/** India's one zone: domestic orders, and orders from before the shop kept a zone per order. */
export const INDIA_TIME_ZONE = "Asia/Kolkata";

/** The clock of a delivery country the dataset does not know (a territory without its own zone). */
const NO_ZONE_KNOWN = "UTC";

/** This runtime can show times in `zone` (its ICU data knows the name). */
function intlKnows(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** `zone` is an IANA zone used in `country` (old names such as Europe/Amsterdam included), and can be shown. */
export function isZoneOf(country: string, zone: string): boolean {
  const entry = getTimezone(zone);
  return entry !== null && entry.countries.includes(country as CountryCode) && intlKnows(zone);
}

/** The zone of an address in `country` and `state` (a state code, as orders store it) from the data alone. */
function zoneOfAddress(country: string, state: string): string {
  const zone = STATE_TIME_ZONES[country]?.[state] ?? MAIN_TIME_ZONES[country];
  if (zone) return zone;
  // The dataset also lists zones a country shares with its neighbours (Germany: Europe/Zurich, for Büsingen):
  // the first that is the country's own comes first.
  const zones = getCountry(country as CountryCode)?.timezones ?? [];
  return zones.find((z) => getCountryForTimezone(z)?.id === country) ?? zones[0] ?? NO_ZONE_KNOWN;
}

/**
 * The time zone an order's shopper reads its times in (decision 084): India's for a domestic order; else the
 * browser's zone when it is one of the delivery country's (a London shopper in London); else the delivery
 * address's zone (its state's in the United States, Canada and Australia, otherwise the country's main one).
 * A browser zone of another country (a gift sent abroad, a shopper travelling) or one nobody knows is set
 * aside: the address decides, and checkout never fails for a clock setting.
 */
export function shopperTimeZone(order: { country: string; state: string; browserZone?: string | null }): string {
  if (order.country === "IN") return INDIA_TIME_ZONE;
  if (order.browserZone && isZoneOf(order.country, order.browserZone)) return order.browserZone;
  return zoneOfAddress(order.country, order.state);
}
