import { countryName, DEFAULT_SHIPPING_METHOD, shippingMethod, type DeliveryPromise } from "@store/shared";
import { LRUCache } from "lru-cache";
import { businessDaysAfter, shortDate } from "./business-days";
import type { PincodeLookup, PincodePlace } from "./pincodes";

/**
 * The courier's answer for a delivery PIN code: business days to deliver and whether its rider collects
 * cash, or null when it does not deliver there. The shipping module implements it (services.ts wires it);
 * without one the promise is the policy's.
 */
export type Serviceability = (deliveryPin: string) => Promise<{ days: number; cod: boolean } | null>;

/**
 * The spec's shipping policy (section 9) in business days: the standard method's promise in India, and
 * international standard's abroad (until it is offered, the days the policy page states for a parcel abroad).
 */
export const POLICY_DAYS = {
  india: shippingMethod(DEFAULT_SHIPPING_METHOD).days,
  abroad: shippingMethod("international-standard").days,
} as const;

export type PromiseOptions = {
  serviceability?: Serviceability;
  /** Past this the courier is not waited for and the policy answers (checkout must never hang on it). */
  timeoutMs?: number;
  /**
   * How long a courier's answer per PIN code is reused, and how many PIN codes are remembered: by default
   * all of India's (~19,600, a few MB), so however the public endpoint is called the courier is asked
   * about each PIN code at most once per period; only PIN codes in the directory ever reach it.
   */
  cacheTtlMs?: number;
  cacheSize?: number;
  /** After a timeout or error the policy answers for this long before the courier is asked again. */
  failureTtlMs?: number;
};

type CourierAnswer = { kind: "courier"; days: number; cod: boolean } | { kind: "unserviceable" } | { kind: "failed" };

export type PromiseInput = {
  pin: string;
  /** ISO country code of the delivery address. */
  country: string;
  /** Whether the shopper could pay cash on delivery at all (INR orders, spec section 9). */
  cod: boolean;
  now: Date;
};

/** The answer when the PIN code is not in India Post's directory. */
export const UNKNOWN_PIN = "unknown-pin" as const;

const withTimeout = <T>(work: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });

/**
 * "Deliver to 302022: by Thu 3 Dec, cash on delivery available": the courier's serviceability answer for
 * the PIN code (cached per code, bounded), or the policy's 7-10 business days (10-30 abroad) when there is
 * no courier, it is slow (1.5 s) or it fails. The courier being down never stops a checkout.
 */
export function createDeliveryPromises(openPincodes: () => Promise<PincodeLookup>, options: PromiseOptions = {}) {
  const { timeoutMs = 1500, cacheTtlMs = 6 * 3_600_000, cacheSize = 20_000 } = options;
  let serviceability = options.serviceability;
  const failureTtlMs = options.failureTtlMs ?? 60_000;

  // fetch() shares one courier call among the requests racing for the same PIN code.
  const answers = new LRUCache<string, CourierAnswer>({
    max: cacheSize,
    ttl: cacheTtlMs,
    fetchMethod: async (pin, _stale, { options: set }) => {
      if (!serviceability) return { kind: "failed" };
      try {
        const answer = await withTimeout(serviceability(pin), timeoutMs);
        return answer ? { kind: "courier", days: answer.days, cod: answer.cod } : { kind: "unserviceable" };
      } catch {
        set.ttl = failureTtlMs;
        return { kind: "failed" };
      }
    },
  });

  function policy(input: PromiseInput, place: PincodePlace | null): DeliveryPromise {
    const india = input.country === "IN";
    const days = india ? POLICY_DAYS.india : POLICY_DAYS.abroad;
    const latest = businessDaysAfter(input.now, days.latest);
    const codAvailable = india && input.cod;
    return {
      pin: place?.pin ?? null,
      country: input.country,
      city: place?.city ?? null,
      state: place?.state ?? null,
      serviceable: true,
      earliest_date: businessDaysAfter(input.now, days.earliest),
      latest_date: latest,
      cod_available: codAvailable,
      source: "policy",
      text: promiseText(
        place?.pin ?? countryName(input.country) ?? input.country,
        latest,
        input.cod && india,
        codAvailable,
      ),
    };
  }

  return {
    /**
     * The port services.ts fills with the shipping module's courier (built above checkout, which holds this
     * service); earlier answers are forgotten. Without one the promise is the policy's.
     */
    connectCourier(courier: Serviceability | undefined) {
      serviceability = courier;
      answers.clear();
    },

    /** India Post's facts for a PIN code, or null when the directory does not know it. */
    async place(pin: string): Promise<PincodePlace | null> {
      return (await openPincodes())(pin.trim());
    },

    /** The promise for a delivery address; `UNKNOWN_PIN` for an Indian PIN code India Post does not know. */
    async promise(input: PromiseInput): Promise<DeliveryPromise | typeof UNKNOWN_PIN> {
      if (input.country !== "IN") return policy(input, null);
      const place = (await openPincodes())(input.pin.trim());
      if (!place) return UNKNOWN_PIN;
      const answer = (await answers.fetch(place.pin)) ?? { kind: "failed" };
      if (answer.kind === "failed") return policy(input, place);
      const base = { pin: place.pin, country: "IN", city: place.city, state: place.state, source: "courier" as const };
      if (answer.kind === "unserviceable") {
        return {
          ...base,
          serviceable: false,
          earliest_date: null,
          latest_date: null,
          cod_available: false,
          text: `We cannot deliver to ${place.pin} yet.`,
        };
      }
      const date = businessDaysAfter(input.now, answer.days);
      const codAvailable = input.cod && answer.cod;
      return {
        ...base,
        serviceable: true,
        earliest_date: date,
        latest_date: date,
        cod_available: codAvailable,
        text: promiseText(place.pin, date, input.cod, codAvailable),
      };
    },
  };
}

/** The one line the product page and the checkout show; cash on delivery is mentioned only where it could apply. */
function promiseText(where: string, latest: string, codAsked: boolean, codAvailable: boolean): string {
  const cod = codAsked ? (codAvailable ? ", cash on delivery available" : ", cash on delivery not available here") : "";
  return `Deliver to ${where}: by ${shortDate(latest)}${cod}`;
}

export type DeliveryPromises = ReturnType<typeof createDeliveryPromises>;
