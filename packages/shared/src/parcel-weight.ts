/**
 * A parcel's weight as express couriers charge it (decision 080): the larger of its actual weight and its
 * volumetric weight (length x width x height in cm / 5000, in kg: DHL Express's published divisor), rounded up
 * to the courier's half-kilo step. The box is the one the courier is told: the packages of the pieces that
 * have one, stacked, with the soft pieces (no package of their own) folded flat in a mailer of the shop's
 * standard footprint, `SOFT_PIECE_CM` deep each.
 */
export const VOLUMETRIC_DIVISOR_CM3_PER_KG = 5000;
export const WEIGHT_STEP_GRAMS = 500;
const MAILER_CM = { length: 30, breadth: 25 };
const SOFT_PIECE_CM = 3;

export interface PackageCm {
  length: number;
  width: number;
  height: number;
}

/** One line of a parcel: what one piece weighs packed and its package (null: a soft piece). */
export interface ParcelPieceFacts {
  grams: number;
  packageCm: PackageCm | null;
  quantity: number;
}

export interface ParcelWeight {
  actualGrams: number;
  volumetricGrams: number;
  /** The weight the courier bills: never below one step. */
  chargeableGrams: number;
  /** Half-kilo steps in the chargeable weight (at least 1). */
  steps: number;
  box: { length: number; breadth: number; height: number };
}

export function parcelWeight(pieces: readonly ParcelPieceFacts[]): ParcelWeight {
  let actualGrams = 0;
  let length = MAILER_CM.length;
  let breadth = MAILER_CM.breadth;
  let height = 0;
  for (const piece of pieces) {
    actualGrams += piece.grams * piece.quantity;
    if (piece.packageCm) {
      length = Math.max(length, piece.packageCm.length);
      breadth = Math.max(breadth, piece.packageCm.width);
      height += piece.packageCm.height * piece.quantity;
    } else height += SOFT_PIECE_CM * piece.quantity;
  }
  height = Math.max(height, SOFT_PIECE_CM);
  const volumetricGrams = Math.ceil(((length * breadth * height) / VOLUMETRIC_DIVISOR_CM3_PER_KG) * 1000);
  const steps = Math.max(1, Math.ceil(Math.max(actualGrams, volumetricGrams) / WEIGHT_STEP_GRAMS));
  return {
    actualGrams,
    volumetricGrams,
    chargeableGrams: steps * WEIGHT_STEP_GRAMS,
    steps,
    box: { length, breadth, height },
  };
}
