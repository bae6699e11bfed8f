/**
 * A small seeded PRNG (mulberry32, public domain): the same seed gives the same shoppers and draws on every
 * machine, so two runs of the simulation print the same figures. Not for anything secret.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** One of `choices` (each with its weight), chosen by a uniform draw `u` in [0, 1). */
export function pickWeighted<T>(choices: readonly (readonly [T, number])[], u: number): T {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
  let left = u * total;
  for (const [value, weight] of choices) {
    left -= weight;
    if (left < 0) return value;
  }
  return choices.at(-1)![0];
}
