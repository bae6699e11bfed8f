import { z } from "zod";

/**
 * `GET /api/geo/`: the shopper's country from their IP (offline database or the CDN's header), as an
 * ISO 3166-1 alpha-2 code. Null when it cannot be told (loopback, private network, unknown range); the
 * browser then falls back to geolocation and INR as the spec's currency detection says.
 */
export const geoResponseSchema = z.object({ country_code: z.string().length(2).nullable() });

export type GeoResponse = z.infer<typeof geoResponseSchema>;
