import { INDIA_BOX, type Currency, type GeoResponse } from "@store/shared";
import { api } from "./api";

export type Coordinates = { latitude: number; longitude: number };

/** What detection asks, injectable so the spec's order can be tested without a browser. */
export type DetectionSources = {
  /** The country of the shopper's IP (ISO code), null when it cannot be told; rejects when the lookup fails. */
  countryByIp: () => Promise<string | null>;
  /** The browser's position; rejects when geolocation is denied, unsupported or unavailable. */
  position: () => Promise<Coordinates>;
};

/** Spec section 9: latitude 8 to 37 and longitude 68 to 97. */
export function insideIndia({ latitude, longitude }: Coordinates): boolean {
  return (
    latitude >= INDIA_BOX.latMin &&
    latitude <= INDIA_BOX.latMax &&
    longitude >= INDIA_BOX.lonMin &&
    longitude <= INDIA_BOX.lonMax
  );
}

/**
 * Spec section 4, in its order: an Indian IP means INR; otherwise the browser's position inside the
 * India box means INR, elsewhere USD; a failed IP lookup or a denied or unsupported geolocation means INR.
 * Never rejects.
 */
export async function detectCurrency(sources: DetectionSources): Promise<Currency> {
  let country: string | null;
  try {
    country = await sources.countryByIp();
  } catch (error) {
    console.error("IP country lookup failed; using INR", error);
    return "INR";
  }
  if (country?.toUpperCase() === "IN") return "INR";
  try {
    return insideIndia(await sources.position()) ? "INR" : "USD";
  } catch {
    // Denied or unsupported is the shopper's choice, not a fault: nothing to log.
    return "INR";
  }
}

/** A coarse position is plenty for a country, and one from the last day will do. */
const POSITION_OPTIONS: PositionOptions = {
  enableHighAccuracy: false,
  maximumAge: 24 * 60 * 60 * 1000,
  timeout: 15_000,
};

/** The real sources: our own `GET /api/geo/` (no third-party call) and the browser's geolocation. */
export const browserSources: DetectionSources = {
  countryByIp: async () => (await api.get<GeoResponse>("/api/geo/")).country_code,
  position: () =>
    new Promise<Coordinates>((resolve, reject) => {
      if (!("geolocation" in navigator)) {
        reject(new Error("Geolocation is not supported"));
        return;
      }
      navigator.geolocation.getCurrentPosition(({ coords }) => resolve(coords), reject, POSITION_OPTIONS);
    }),
};
