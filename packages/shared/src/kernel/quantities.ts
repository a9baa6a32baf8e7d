/**
 * Quantities: the shop counts integer grams; kilograms (at most 3 decimals) exist only at the API's
 * edge and on screen. Strings are read digit by digit, so "1.005" is exactly 1005 g.
 */

/**
 * A wire weight in kilograms (a number or a numeric string, at most 3 decimals) as whole grams, or
 * null when it is not a plain non-negative decimal of whole grams.
 */
export function parseKgToGrams(value: unknown): number | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    // Up to 3 decimals survive toFixed(3) exactly; more decimals than that are not whole grams.
    const fixed = value.toFixed(3);
    if (Math.abs(Number(fixed) - value) > 1e-9) return null;
    text = fixed;
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return null;
  }
  const match = /^(\d{1,7})(?:\.(\d{0,3}))?$/.exec(text);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(3, '0'));
  return whole * 1000 + fraction;
}

/** Whole grams as a kilogram numeric string with no trailing zeros: 1040 → "1.04", 0 → "0". */
export function gramsToKgString(grams: number): string {
  const whole = Math.floor(grams / 1000);
  const fraction = String(grams % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}
