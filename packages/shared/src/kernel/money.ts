/**
 * Money: the shop counts integer paise everywhere; rupees (at most 2 decimals) exist only at the
 * API's edge and on screen. A line's amount is the one place where a weight meets a rate.
 */

/** Rupees from the wire or a form (at most 2 decimals) as whole paise: 379.5 → 37950. */
export const rupeesToPaise = (rupees: number): number => Math.round(rupees * 100);

/** Whole paise as the rupees the API sends: 37950 → 379.5. */
export const paiseToRupees = (paise: number): number => paise / 100;

/**
 * A line's amount: rate (paise per kg) × grams, rounded half up to the paisa, in integers. Exact
 * for any 32-bit rate and weight, because the product stays far below 2^53.
 */
export function lineAmountPaise(ratePaise: number, grams: number): number {
  return Math.floor((ratePaise * grams + 500) / 1000);
}
