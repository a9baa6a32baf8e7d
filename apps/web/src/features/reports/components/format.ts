/** Dates and percentages as the Reports screens show them. */
import { addDays, addMonths, formatShopMonth, shopDateOf, shopInstant, shopMonthOf } from '@mandi/shared/kernel';
import { formatRupees, formatShopDate } from '../../../lib/i18n';

/** "23 Nov 2026" for a shop date, read at noon in the shop so no time zone moves it. */
export const formatDay = (date: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(date) ? formatShopDate(shopInstant(date, 12 * 60).toISOString()) : date;

/** Today in the shop. */
export const shopToday = (now: Date = new Date()) => shopDateOf(now);

/** The Monday of a shop date's week. */
export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/** Last month in the shop, "2026-10": the return filed this month. */
export const lastMonth = (now: Date = new Date()): string => addMonths(shopMonthOf(now), -1);

/** "November 2026" / "नवंबर 2026" for "2026-11"; other text as sent. */
export const formatMonthName = (month: string, language: 'en' | 'hi'): string => formatShopMonth(month, language);

/** ₹ with the sign in front for a loss: "-₹6.75" (the shared format writes "₹-6.75"). */
export const formatSignedRupees = (amount: number) => (amount < 0 ? `-${formatRupees(-amount)}` : formatRupees(amount));
