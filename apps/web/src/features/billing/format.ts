/** Dates and amounts of bills as the billing screens show them, in shop time (Asia/Kolkata) whatever the browser's zone. */
import { SHOP_TIME_ZONE, shopDateOf, shopInstant } from '@mandi/shared/kernel';
import { onFirstUse } from '../../lib/on-first-use';

const dayFormatter = onFirstUse(
  () => new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: SHOP_TIME_ZONE }),
);
const monthFormatter = onFirstUse(
  () => new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
);
const amountFormatter = onFirstUse(
  () => new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
);

/** "23 Nov 2026" for an ISO instant or a YYYY-MM-DD shop date; other text as sent. */
export function formatBillDate(value: string): string {
  // A bare date is a shop date: read it at noon in the shop, so no zone moves it to another day.
  const instant = /^\d{4}-\d{2}-\d{2}$/.test(value) ? shopInstant(value, 12 * 60) : new Date(value);
  return Number.isNaN(instant.getTime()) ? value : dayFormatter().format(instant);
}

/** "November 2026" for "2026-11"; other text as sent. */
export function formatMonth(month: string): string {
  return /^\d{4}-\d{2}$/.test(month) ? monthFormatter().format(new Date(`${month}-15T00:00:00Z`)) : month;
}

/** The current month in the shop, "2026-11". */
export function shopMonth(now: Date = new Date()): string {
  return shopDateOf(now).slice(0, 7);
}

/** "₹1,234.50": the register always shows paise, so its columns line up for the accountant. */
export const formatAmount = (rupees: number) => `₹${amountFormatter().format(rupees)}`;
