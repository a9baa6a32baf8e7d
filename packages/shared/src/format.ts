/**
 * The one formatter for rupees and quantities in the shop, in English (`en-IN`) or Hindi (`hi-IN`),
 * on the kernel's Indian digit grouping (no `Intl`: a price is on nearly every first screen).
 */
import { formatIndianNumber, lineAmountPaise, paiseToRupees, rupeesToPaise } from './kernel/money.js';
import { formatQuantity, type Unit, unitOrDefault } from './kernel/units.js';

/** The interface languages: English is the default and the spec's text; Hindi is decision 0011. */
export type ShopLanguage = 'en' | 'hi';

/** ₹1,23,456.50 — Indian digit grouping; whole amounts are shown without paise. Both languages write it alike. */
export function formatRupees(amount: number, _language: ShopLanguage = 'en'): string {
  const isWhole = Number.isInteger(paiseToRupees(rupeesToPaise(amount)));
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
  return paiseToRupees(linePricePaise(rateRupees, quantityKg));
}
