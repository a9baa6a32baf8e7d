/** A shop date ("2026-11-26") as the Purchases screens show it: "Thu 26 Nov 2026", in the chosen language. */
import { SHOP_TIME_ZONE, shopInstant } from '@mandi/shared/kernel';
import { currentLanguage } from '../../../lib/i18n';
import { onFirstUse } from '../../../lib/on-first-use';

const options = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: SHOP_TIME_ZONE,
} as const;
const formatters = {
  en: onFirstUse(() => new Intl.DateTimeFormat('en-IN', options)),
  hi: onFirstUse(() => new Intl.DateTimeFormat('hi-IN', options)),
};

export function formatPurchaseDate(date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
  const instant = shopInstant(date, 12 * 60);
  return Number.isNaN(instant.getTime()) ? date : formatters[currentLanguage()]().format(instant);
}
