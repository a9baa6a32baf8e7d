/** A deadline or a reply's time in shop time, whatever the browser's zone: "26 Nov 2026, 12:00 pm". */
import { formatShopTime } from '@mandi/shared/kernel';
import { currentLanguage } from '../../../lib/i18n';

const momentOptions = { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' } as const;

export function formatMoment(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatShopTime(date, momentOptions, currentLanguage());
}
