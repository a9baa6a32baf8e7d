/**
 * The packing limit: a line may be packed at up to 110 % of its ordered weight (the scale's honest
 * overshoot). The server refuses more; the packing screen says so as the weight is typed.
 */

/** A packed weight may be at most this share of the ordered weight. */
export const MAX_PACKED_PERCENT = 110;

/** The most grams a line of `orderedGrams` may be packed at: 110 %, rounded down to a whole gram. */
export function maxPackedGrams(orderedGrams: number): number {
  return Math.floor((orderedGrams * MAX_PACKED_PERCENT) / 100);
}
