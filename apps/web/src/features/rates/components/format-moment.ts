/** A moment in shop time, whatever the browser's zone: "Fri, 27 Nov, 6:00 am". */
import { addDays, formatShopTime, SHOP_UTC_OFFSET, shopDateOf } from '@mandi/shared/kernel';
import { currentLanguage } from '../../../lib/i18n';

const momentOptions = { weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' } as const;

export function formatMoment(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatShopTime(date, momentOptions, currentLanguage());
}

/**
 * The schedule field's first value: the next 06:00 in shop time (tomorrow's, or today's while it is
 * still before 06:00 in India: rates set after midnight are for the coming morning), as a
 * datetime-local input writes it.
 */
export function nextSixAm(now: Date): string {
  const today = shopDateOf(now);
  const isBeforeSix = shopDateOf(new Date(now.getTime() + 18 * 3_600_000)) === today;
  return `${isBeforeSix ? today : addDays(today, 1)}T06:00`;
}

/** A datetime-local value read as shop time (one offset all year) as an ISO moment with its offset. */
export function shopMomentOf(local: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return null;
  return `${local}:00${SHOP_UTC_OFFSET}`;
}

/** A rate as typed: rupees above 0 with at most 2 decimals, else null. */
export function typedRate(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const rupees = Number(trimmed);
  return rupees > 0 && rupees <= 1_000_000 ? rupees : null;
}
