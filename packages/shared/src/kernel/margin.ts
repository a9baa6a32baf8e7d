/**
 * The margin on cost of a selling rate (decision 0036): the rate board shows it per product as the
 * admin types, and the API answers it, so both compute it here. Money in paise.
 */

/** (rate − cost) / rate as a percent with one decimal; null without a cost or without a rate above 0. */
export function marginPercent(ratePaise: number, costRatePaise: number | null): number | null {
  if (costRatePaise === null || !(ratePaise > 0)) return null;
  return Math.round(((ratePaise - costRatePaise) / ratePaise) * 1000) / 10;
}
