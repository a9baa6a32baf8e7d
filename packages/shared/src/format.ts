/** The one formatter for rupees and quantities in the shop, in English (`en-IN`) or Hindi (`hi-IN`). */
import { lineAmountPaise, rupeesToPaise } from './kernel/money.js';
import { formatQuantity, type Unit, unitOrDefault } from './kernel/units.js';

/** The interface languages: English is the default and the spec's text; Hindi is decision 0011. */
export type ShopLanguage = 'en' | 'hi';
export const SHOP_LOCALES: Record<ShopLanguage, string> = { en: 'en-IN', hi: 'hi-IN' };

/**
 * Digits grouped the Indian way (1,23,45,678), rounded half away from zero to at most
 * `maxFraction` decimals of the number's shortest decimal form, at least `minFraction` shown:
 * what `Intl.NumberFormat('en-IN' | 'hi-IN')` writes (hi-IN keeps Latin digits and the same
 * grouping), without it. The first Intl object a page makes costs a phone tens of milliseconds of
 * locale data loading, and a price is on nearly every first screen of the shop.
 */
function formatIndianNumber(value: number, minFraction: number, maxFraction: number): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : value > 0 ? '∞' : '-∞';
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  const [whole, fraction] = decimalDigits(Math.abs(value), maxFraction);
  let grouped = whole.slice(-3);
  for (let end = whole.length - 3; end > 0; end -= 2) grouped = `${whole.slice(Math.max(0, end - 2), end)},${grouped}`;
  const shownFraction = fraction.replace(/0+$/, '').padEnd(minFraction, '0');
  return `${sign}${grouped}${shownFraction ? `.${shownFraction}` : ''}`;
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

/** ₹1,23,456.50 — Indian digit grouping; whole amounts are shown without paise. Both languages write it alike. */
export function formatRupees(amount: number, _language: ShopLanguage = 'en'): string {
  const isWhole = Number.isInteger(Math.round(amount * 100) / 100);
  return `₹${formatIndianNumber(amount, isWhole ? 0 : 2, 2)}`;
}

/** An adjustment with its sign, as a bill line shows it: +₹0.44, −₹0.04 (a true minus sign). */
export function formatSignedRupees(amount: number): string {
  if (amount === 0) return formatRupees(0);
  return `${amount > 0 ? '+' : '−'}${formatRupees(Math.abs(amount))}`;
}

/** "1.5 kg", "250 g"; in Hindi "1.5 किलो", "250 ग्राम" (kernel units.ts writes every unit one way). */
export function formatKg(kg: number, language: ShopLanguage = 'en'): string {
  if (language === 'hi') return `${formatIndianNumber(Number(kg.toFixed(3)), 0, 3)} किलो`;
  return `${Number(kg.toFixed(3))} Kg`;
}

/**
 * A wire quantity (a number in its unit: 0.25, 12) as a shop writes it: "250 g", "1 litre",
 * "1 dozen"; an absent unit is kg (answers and carts from before units).
 */
export function formatInUnit(quantity: number, unit: Unit | string | undefined, language: ShopLanguage = 'en'): string {
  return formatQuantity(unitOrDefault(unit), Math.round(quantity * 1000), language);
}

/** Rate (₹/kg) × quantity (kg) in exact paise: the kernel's line amount, from the cart's rupees and kilograms. */
export function linePricePaise(rateRupees: number, quantityKg: number): number {
  return lineAmountPaise(rupeesToPaise(rateRupees), Math.round(quantityKg * 1000));
}

export function linePrice(rateRupees: number, quantityKg: number): number {
  return linePricePaise(rateRupees, quantityKg) / 100;
}
