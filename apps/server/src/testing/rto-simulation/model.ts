import { pickWeighted, seededRandom } from "./random";

/**
 * The stated model of the RTO simulation (issue 43, "Done when"; decision 095 gives the sources). Every
 * figure a source does not give is marked ASSUMPTION. Probabilities are per order.
 */

export type Band = "metro" | "rajasthan" | "tier2" | "remote";
export type NdrReason = "not_available" | "address_incomplete" | "refused" | "reschedule";

interface BandModel {
  share: number;
  /** Multiplies the days-to-first-attempt rate: where the band sits among Shipway's city rates. */
  rtoFactor: number;
  /** Days from booking to the first delivery attempt, with their weights (ASSUMPTION). */
  days: readonly (readonly [number, number])[];
  /** Real PIN codes of the band; the store's own directory gives their city and state. */
  pins: readonly string[];
}

export const MODEL = {
  /** Shipway ShipNotes FY25: COD RTO 22% when attempted within 1-2 days, 27% in 3-5, 35% after 5. */
  rtoByDays: (days: number) => (days <= 2 ? 0.22 : days <= 5 ? 0.27 : 0.35),
  bands: {
    // Mumbai, Kolkata, Chennai, New Delhi are among Shipway's ten lowest; factors are an ASSUMPTION.
    metro: {
      share: 0.35,
      rtoFactor: 0.9,
      days: [
        [1, 0.3],
        [2, 0.4],
        [3, 0.2],
        [4, 0.1],
      ],
      pins: ["110001", "400001", "560001", "600001", "500001", "700001", "411001"],
    },
    // Jaipur is third of Shipway's ten highest; the seller ships from Jaipur, so days are short.
    rajasthan: {
      share: 0.2,
      rtoFactor: 1.2,
      days: [
        [1, 0.5],
        [2, 0.4],
        [3, 0.1],
      ],
      pins: ["302001", "302004", "302017", "302020", "305001", "342001", "313001"],
    },
    tier2: {
      share: 0.3,
      rtoFactor: 1.12,
      days: [
        [2, 0.2],
        [3, 0.35],
        [4, 0.25],
        [5, 0.1],
        [6, 0.1],
      ],
      pins: ["226001", "800001", "452001", "462001", "208001", "248001", "160017", "682011"],
    },
    // Srinagar, Jammu, Guwahati are among Shipway's ten highest.
    remote: {
      share: 0.15,
      rtoFactor: 1.35,
      days: [
        [4, 0.2],
        [5, 0.3],
        [6, 0.3],
        [7, 0.2],
      ],
      pins: ["190001", "180001", "781001", "795001", "737101", "175001", "845401"],
    },
  } satisfies Record<Band, BandModel>,
  /** Share of shoppers with an earlier order at the store, and their RTO against a first order's (ASSUMPTION). */
  repeatShare: 0.3,
  repeatFactor: 0.5,
  /** Share typing a street without a house number, and how much likelier their parcel comes back (ASSUMPTION). */
  badAddressShare: 0.1,
  badAddressFactor: 1.6,
  /** Prepaid parcels: under 2% RTO (Shipway FY25); 2% taken. */
  prepaidRto: 0.02,
  /**
   * A failed first attempt (NDR) comes before every RTO; without anyone acting, the courier's own
   * reattempts still deliver this share of failed parcels (ASSUMPTION, vendor blogs say 30-40% of NDRs become RTO
   * when nobody acts, higher here to stay conservative).
   */
  courierRecovers: 0.3,
  /** The courier's reason for a failed attempt: ClickPost's COD RTO reasons (52% refused, 20% not contactable, 10% address), the rest reschedule. */
  ndrReasons: [
    ["refused", 0.52],
    ["not_available", 0.25],
    ["address_incomplete", 0.1],
    ["reschedule", 0.13],
  ] as const satisfies readonly (readonly [NdrReason, number])[],
  /** A street without a house number fails on the address (ASSUMPTION). */
  badAddressNdrAddressShare: 0.7,
  /** Share of shoppers who answer the NDR link (ASSUMPTION). */
  answersNdr: 0.45,
  /** A refusing shopper who answers cancels rather than asking again (ASSUMPTION). */
  refusedCancels: 0.6,
  /** Delivered on the reattempt the shopper asked for, by reason (ASSUMPTION; must not be below courierRecovers). */
  deliveredAfterAnswer: {
    not_available: 0.75,
    address_incomplete: 0.75,
    refused: 0.45,
    reschedule: 0.8,
  } satisfies Record<NdrReason, number>,
  /** Share of flagged shoppers who answer the address check with their house number (ASSUMPTION). */
  answersAddressCheck: 0.6,
  /** A shopper nudged to pay online after a COD order pays (ASSUMPTION). */
  paysNudge: 0.12,
  /** A shopper told COD is not offered: pays online, or abandons (a lost sale) (ASSUMPTION). */
  paysWhenPrepaidOnly: 0.55,
  /** A shopper asked for an advance pays it, else abandons; once paid, RTO drops by this factor (ASSUMPTION). */
  paysAdvance: 0.7,
  advanceRtoFactor: 0.4,
} as const;

/** One shopper of the simulation, with every draw made up front so both runs meet the same person. */
export interface Shopper {
  index: number;
  band: Band;
  pin: string;
  days: number;
  repeat: boolean;
  badAddress: boolean;
  /** The product they buy (an index into the run's product list). */
  product: number;
  /** Uniform draws in [0, 1), one per decision, shared by both runs (common random numbers). */
  u: {
    fail: number;
    reason: number;
    recover: number;
    answer: number;
    cancel: number;
    addressCheck: number;
    nudge: number;
    rule: number;
  };
}

const BANDS = Object.keys(MODEL.bands) as Band[];

/** `count` shoppers drawn from the model with `seed`; the same seed gives the same shoppers. */
export function drawShoppers(seed: number, count: number, products: number): Shopper[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, index) => {
    const band = pickWeighted(
      BANDS.map((b) => [b, MODEL.bands[b].share] as const),
      random(),
    );
    const model: BandModel = MODEL.bands[band];
    return {
      index,
      band,
      pin: model.pins[Math.floor(random() * model.pins.length)]!,
      days: pickWeighted(model.days, random()),
      repeat: random() < MODEL.repeatShare,
      badAddress: random() < MODEL.badAddressShare,
      product: Math.floor(random() * products),
      u: {
        fail: random(),
        reason: random(),
        recover: random(),
        answer: random(),
        cancel: random(),
        addressCheck: random(),
        nudge: random(),
        rule: random(),
      },
    };
  });
}

/** The chance that a COD parcel comes back when nobody acts: band, days to first attempt, customer, address. */
export function codRto(shopper: Shopper, options: { addressFixed?: boolean } = {}): number {
  const bad = shopper.badAddress && !options.addressFixed;
  const rate =
    MODEL.rtoByDays(shopper.days) *
    MODEL.bands[shopper.band].rtoFactor *
    (shopper.repeat ? MODEL.repeatFactor : 1) *
    (bad ? MODEL.badAddressFactor : 1);
  return Math.min(rate, 0.9);
}

/** The chance of a failed first attempt, such that RTO is `rto` when only the courier's own reattempts follow. */
export const firstAttemptFails = (rto: number) => Math.min(rto / (1 - MODEL.courierRecovers), 0.98);

/** The courier's reason for the shopper's failed first attempt. */
export function ndrReason(shopper: Shopper, addressFixed: boolean): NdrReason {
  const share = MODEL.badAddressNdrAddressShare;
  if (!shopper.badAddress || addressFixed) return pickWeighted(MODEL.ndrReasons, shopper.u.reason);
  // The same draw: its lower part is the address, the rest spread over the usual reasons.
  return shopper.u.reason < share
    ? "address_incomplete"
    : pickWeighted(MODEL.ndrReasons, (shopper.u.reason - share) / (1 - share));
}
