/**
 * The shopper every page run measures: a first visit from India, where most of the shop's shoppers are,
 * with nothing remembered. Every request here comes from 127.0.0.1, which no country database knows (an
 * unknown country renders in USD and has the browser ask for its position, then switch), so the bench
 * server reads the country from a CDN's header, as the shop does behind one (CDN_COUNTRY_HEADER), and every
 * request of the page runs sends it.
 */
export const VISITOR = { countryHeader: "CF-IPCountry", country: "IN", currency: "INR" } as const;

/** The headers that make a request the visitor's, or a visitor's from another country (a shopper abroad). */
export const visitorHeadersFrom = (country: string): Record<string, string> => ({ [VISITOR.countryHeader]: country });
export const visitorHeaders = visitorHeadersFrom(VISITOR.country);
