/**
 * Dates and amounts of bills as the billing screens show them, in shop time whatever
 * the browser's zone, and in the chosen language: "24 Nov 2026" / "24 नव॰ 2026".
 */
import { formatIndianNumber, formatShopDay, formatShopMonth, formatShopTime } from '@mandi/shared/kernel';
import { currentLanguage } from '../../lib/i18n';

const dayOptions = { day: 'numeric', month: 'short', year: 'numeric' } as const;

/** "23 Nov 2026" ("23 नव॰ 2026" in Hindi) for an ISO instant or a YYYY-MM-DD shop date; other text as sent. */
export function formatBillDate(value: string): string {
  // A bare date is a shop date, which no zone may move to another day.
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatShopDay(value, dayOptions, currentLanguage());
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? value : formatShopTime(instant, dayOptions, currentLanguage());
}

/** "November 2026" ("नवंबर 2026" in Hindi) for "2026-11"; other text as sent. */
export const formatMonth = (month: string): string => formatShopMonth(month, currentLanguage());

/** "₹1,234.50": the register always shows paise, so its columns line up for the accountant. */
export const formatAmount = (rupees: number) => `₹${formatIndianNumber(rupees, 2, 2)}`;
