import { INDIA_BOX, type Currency } from "@store/shared";

export type Coordinates = { latitude: number; longitude: number };

/** The browser's position; rejects when geolocation is denied, unsupported or unavailable. */
export type PositionSource = () => Promise<Coordinates>;

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
 * Spec section 4, step 2 and its fallback: the browser's position inside the India box means INR,
 * elsewhere USD; a denied or unsupported geolocation means INR. Step 1 (the IP, and INR when its lookup
 * fails) is the server's, decided before the page is rendered (decision 044); the browser is asked only
 * when that IP is not Indian and nothing is remembered. Never rejects.
 */
export async function currencyByPosition(position: PositionSource): Promise<Currency> {
  try {
    return insideIndia(await position()) ? "INR" : "USD";
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

/** The browser's geolocation. */
export const browserPosition: PositionSource = () =>
  new Promise<Coordinates>((resolve, reject) => {
    if (!("geolocation" in navigator)) {
      reject(new Error("Geolocation is not supported"));
      return;
    }
    navigator.geolocation.getCurrentPosition(({ coords }) => resolve(coords), reject, POSITION_OPTIONS);
  });
