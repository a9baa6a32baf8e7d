/**
 * Round-off: a final bill is paid in whole rupees. The amount is rounded to the nearest rupee, half
 * up (₹444.50 → ₹445, ₹444.49 → ₹444), and the difference is the bill's "Round off" line, from
 * -49 to +50 paise.
 */

/** What to add to `amountPaise` to reach the nearest whole rupee, half up: -49 … +50. */
export function roundOffPaise(amountPaise: number): number {
  if (!Number.isSafeInteger(amountPaise)) throw new RangeError(`amount in paise must be an integer: ${amountPaise}`);
  const paise = ((amountPaise % 100) + 100) % 100;
  if (paise === 0) return 0;
  return paise >= 50 ? 100 - paise : -paise;
}
