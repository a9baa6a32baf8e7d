/** A deadline or a reply's time in shop time (Asia/Kolkata), whatever the browser's zone: "26 Nov 2026, 12:00 pm". */
import { SHOP_TIME_ZONE } from '@mandi/shared/kernel';
import { currentLanguage } from '../../../lib/i18n';

const formatters: Partial<Record<'en' | 'hi', Intl.DateTimeFormat>> = {};

export function formatMoment(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const language = currentLanguage();
  formatters[language] ??= new Intl.DateTimeFormat(language === 'hi' ? 'hi-IN' : 'en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: SHOP_TIME_ZONE,
  });
  return formatters[language].format(date);
}
