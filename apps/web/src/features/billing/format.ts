/**
 * Dates and amounts of bills as the billing screens show them, in shop time (Asia/Kolkata) whatever
 * the browser's zone, and in the chosen language: "24 Nov 2026" / "24 नव॰ 2026".
 */
import { SHOP_TIME_ZONE, shopDateOf, shopInstant } from '@mandi/shared/kernel';
import { currentLanguage, type Language } from '../../lib/i18n';
import { onFirstUse } from '../../lib/on-first-use';

const locales: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN' };
/** One formatter per language, each made the first time a date is shown in it. */
const perLanguage = (options: Intl.DateTimeFormatOptions) => ({
  en: onFirstUse(() => new Intl.DateTimeFormat(locales.en, options)),
  hi: onFirstUse(() => new Intl.DateTimeFormat(locales.hi, options)),
});

const dayFormatters = perLanguage({ day: 'numeric', month: 'short', year: 'numeric', timeZone: SHOP_TIME_ZONE });
const monthFormatters = perLanguage({ month: 'long', year: 'numeric', timeZone: 'UTC' });
const amountFormatter = onFirstUse(
  () => new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
);

/** "23 Nov 2026" ("23 नव॰ 2026" in Hindi) for an ISO instant or a YYYY-MM-DD shop date; other text as sent. */
export function formatBillDate(value: string): string {
  // A bare date is a shop date: read it at noon in the shop, so no zone moves it to another day.
  const instant = /^\d{4}-\d{2}-\d{2}$/.test(value) ? shopInstant(value, 12 * 60) : new Date(value);
  return Number.isNaN(instant.getTime()) ? value : dayFormatters[currentLanguage()]().format(instant);
}

/** "November 2026" ("नवंबर 2026" in Hindi) for "2026-11"; other text as sent. */
export function formatMonth(month: string): string {
  return /^\d{4}-\d{2}$/.test(month)
    ? monthFormatters[currentLanguage()]().format(new Date(`${month}-15T00:00:00Z`))
    : month;
}

/** The current month in the shop, "2026-11". */
export function shopMonth(now: Date = new Date()): string {
  return shopDateOf(now).slice(0, 7);
}

/** "₹1,234.50": the register always shows paise, so its columns line up for the accountant. */
export const formatAmount = (rupees: number) => `₹${amountFormatter().format(rupees)}`;
