/**
 * Money: the shop counts integer paise everywhere; rupees (at most 2 decimals) exist only at the
 * API's edge and on screen. A line's amount is the one place where a weight meets a rate. Digits
 * are grouped the Indian way (1,23,45,678) here and nowhere else, without `Intl`.
 */

/** Rupees from the wire or a form (at most 2 decimals) as whole paise: 379.5 → 37950. */
export const rupeesToPaise = (rupees: number): number => Math.round(rupees * 100);

/**
 * Whether rupees from the wire or a form are whole paise (at most 2 decimals), allowing for the
 * binary noise of a decimal read as a float: 12.34 yes, 12.345 no.
 */
export const isWholePaise = (rupees: number): boolean => Math.abs(rupees * 100 - Math.round(rupees * 100)) < 1e-6;

/** Whole paise as the rupees the API sends: 37950 → 379.5. */
export const paiseToRupees = (paise: number): number => paise / 100;

/** Whole paise as rupees with two decimals, as the UPI link, the bill's figures and the CSVs write them: 37950 → "379.50". */
export const paiseToRupeesString = (paise: number): string => (paise / 100).toFixed(2);

/**
 * A line's amount: rate (paise per kg) × grams, rounded half up to the paisa, in integers. Exact
 * for any 32-bit rate and weight, because the product stays far below 2^53.
 */
export function lineAmountPaise(ratePaise: number, grams: number): number {
  return Math.floor((ratePaise * grams + 500) / 1000);
}

/** Whole digits grouped the Indian way, the last three then pairs: "12345678" → "1,23,45,678". */
export function groupIndianDigits(digits: string): string {
  let grouped = digits.slice(-3);
  for (let end = digits.length - 3; end > 0; end -= 2)
    grouped = `${digits.slice(Math.max(0, end - 2), end)},${grouped}`;
  return grouped;
}

/**
 * A number with its digits grouped the Indian way (1,23,45,678), rounded half away from zero to at
 * most `maxFraction` decimals of the number's shortest decimal form, at least `minFraction` shown:
 * what `Intl.NumberFormat('en-IN' | 'hi-IN', { minimumFractionDigits, maximumFractionDigits })`
 * writes (hi-IN keeps Latin digits and the same grouping; the defaults are Intl's, 0 and 3), without
 * it. The first Intl object a page makes costs a phone tens of milliseconds of locale data loading,
 * and a price or a count is on nearly every first screen of the shop.
 */
export function formatIndianNumber(value: number, minFraction = 0, maxFraction = 3): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : value > 0 ? '∞' : '-∞';
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  const [whole, fraction] = decimalDigits(Math.abs(value), maxFraction);
  const shownFraction = fraction.replace(/0+$/, '').padEnd(minFraction, '0');
  return `${sign}${groupIndianDigits(whole)}${shownFraction ? `.${shownFraction}` : ''}`;
}

/** The whole and fraction digits of `value` (>= 0) rounded to `maxFraction` decimals. */
function decimalDigits(value: number, maxFraction: number): [string, string] {
  const shortest = String(value);
  // Exponent forms: below 1e-6 rounds to zero; 1e21 and above is whole.
  if (shortest.includes('e')) return value < 1 ? ['0', ''] : [wholeDigits(shortest), ''];
  const [whole = '0', fraction = ''] = shortest.split('.');
  if (fraction.length <= maxFraction) return [whole, fraction];
  const kept = BigInt(whole + fraction.slice(0, maxFraction)) + ((fraction[maxFraction] ?? '0') >= '5' ? 1n : 0n);
  const digits = kept.toString().padStart(maxFraction + 1, '0');
  return [digits.slice(0, digits.length - maxFraction), digits.slice(digits.length - maxFraction)];
}

/** "1.5e+21" → "1500000000000000000000" */
function wholeDigits(exponentForm: string): string {
  const [mantissa = '', exponent = '0'] = exponentForm.split('e');
  const [first, rest = ''] = mantissa.split('.');
  return (first + rest).padEnd(Number(exponent) + 1, '0');
}

/** Paise as rupees with two decimals and Indian grouping, as a bill or a statement prints them: 12345678 → "1,23,456.78". */
export function formatIndianAmount(paise: number): string {
  const [whole = '0', fraction = '00'] = paiseToRupeesString(Math.abs(paise)).split('.');
  return `${paise < 0 ? '-' : ''}${groupIndianDigits(whole)}.${fraction}`;
}
