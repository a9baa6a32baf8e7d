/**
 * The packing limit: a line may be packed at up to 110 % of its ordered weight (the scale's honest
 * overshoot). The server refuses more; the packing screen says so as the weight is typed. Counted
 * units (piece, dozen, bunch, pack) are packed in whole numbers, at most the number ordered.
 */
import { isCountedUnit, THOUSANDTHS_PER_UNIT, type Unit } from './units.js';

/** A packed weight may be at most this share of the ordered weight. */
export const MAX_PACKED_PERCENT = 110;

/** The most grams a line of `orderedGrams` may be packed at: 110 %, rounded down to a whole gram. */
export function maxPackedGrams(orderedGrams: number): number {
  return Math.floor((orderedGrams * MAX_PACKED_PERCENT) / 100);
}

/**
 * The most a line of `ordered` thousandths may be packed at, by its unit: 110 % for kg and litre
 * (a scale or a measure overshoots), exactly the ordered number for counted units (nobody packs
 * 13 eggs for a dozen).
 */
export function maxPackedQuantity(unit: Unit, ordered: number): number {
  return isCountedUnit(unit) ? ordered : maxPackedGrams(ordered);
}

/** Whether a packed amount in thousandths suits the unit: whole grams or ml, whole pieces, dozens, bunches, packs. */
export function isPackableAmount(unit: Unit, thousandths: number): boolean {
  if (!Number.isInteger(thousandths) || thousandths < 0) return false;
  return !isCountedUnit(unit) || thousandths % THOUSANDTHS_PER_UNIT === 0;
}
