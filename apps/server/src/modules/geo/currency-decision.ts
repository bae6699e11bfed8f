import { rememberedCurrency, type CurrencyDecision } from "@store/shared";
import type { IncomingHttpHeaders } from "node:http";
import type { ServiceLog } from "../../log";

/** The CDN's country header (its name from CDN_COUNTRY_HEADER), first value; undefined without one. */
export function cdnCountryOf(headers: IncomingHttpHeaders, headerName: string | undefined): string | undefined {
  const value = headerName ? headers[headerName.toLowerCase()] : undefined;
  return Array.isArray(value) ? value[0] : value;
}

const INDIA: CurrencyDecision = { currency: "INR", askLocation: false };

/**
 * Spec section 4, decided once per request by the server (decision 044): the remembered choice
 * (cookie), else the country (the CDN's header, else the client IP in the offline database): India means
 * INR; a failed lookup means INR; any other answer, unknown included, leaves the browser to ask for the
 * position (the India box, or INR when denied), with the page in USD until it answers.
 */
export async function decideCurrency(
  input: { cookie: string | undefined; ip: string | undefined; cdnCountry: string | undefined },
  countryFor: (input: { ip: string | undefined; cdnCountry?: string }) => Promise<string | null>,
  log: ServiceLog,
): Promise<CurrencyDecision> {
  const remembered = rememberedCurrency(input.cookie);
  if (remembered) return { currency: remembered, askLocation: false };
  let country: string | null;
  try {
    country = await countryFor({ ip: input.ip, cdnCountry: input.cdnCountry });
  } catch (error) {
    log.error({ err: error }, "IP country lookup failed; rendering in INR");
    return INDIA;
  }
  return country === "IN" ? INDIA : { currency: "USD", askLocation: true };
}
