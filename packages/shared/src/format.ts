/** The one formatter for rupees and kilograms in the shop, in English (`en-IN`) or Hindi (`hi-IN`). */

/** The interface languages: English is the default and the spec's text; Hindi is decision 0011. */
export type ShopLanguage = 'en' | 'hi';
export const SHOP_LOCALES: Record<ShopLanguage, string> = { en: 'en-IN', hi: 'hi-IN' };

const rupeeFormatters = {
  en: [
    new Intl.NumberFormat('en-IN', { minimumFractionDigits: 0, maximumFractionDigits: 2 }),
    new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  ],
  hi: [
    new Intl.NumberFormat('hi-IN', { minimumFractionDigits: 0, maximumFractionDigits: 2 }),
    new Intl.NumberFormat('hi-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  ],
} as const;
const kgFormatterHi = new Intl.NumberFormat('hi-IN', { maximumFractionDigits: 3 });

/** ₹1,23,456.50 — Indian digit grouping; whole amounts are shown without paise. */
export function formatRupees(amount: number, language: ShopLanguage = 'en'): string {
  const isWhole = Number.isInteger(Math.round(amount * 100) / 100);
  const [whole, fixed] = rupeeFormatters[language];
  return `₹${(isWhole ? whole : fixed).format(amount)}`;
}

/** "1.5 Kg"; in Hindi "1.5 किलो" (Hindi shops write किलो, and hi-IN keeps Latin digits). */
export function formatKg(kg: number, language: ShopLanguage = 'en'): string {
  if (language === 'hi') return `${kgFormatterHi.format(Number(kg.toFixed(3)))} किलो`;
  return `${Number(kg.toFixed(3))} Kg`;
}

/** Rate × quantity in exact paise, so 0.1 + 0.2 problems never reach a total. */
export function linePricePaise(rateRupees: number, quantityKg: number): number {
  return Math.round((Math.round(rateRupees * 100) * Math.round(quantityKg * 1000)) / 1000);
}

export function linePrice(rateRupees: number, quantityKg: number): number {
  return linePricePaise(rateRupees, quantityKg) / 100;
}
