/**
 * Delivery dates and times as the shop shows them: "Tue 24 Nov, 7:00–9:00", read in shop time
 * whatever the browser's own time zone is (the slot's date is a shop date, not an instant).
 */
import { shopDateOf, shopInstant, shopTimeFormat } from '@mandi/shared/kernel';
import { currentLanguage } from '../../../lib/i18n';

const dayOptions = { weekday: 'short', day: 'numeric', month: 'short' } as const;

/** Noon of a shop date, so no time-zone shift can move it to another day. */
const noonOf = (date: string) => shopInstant(date, 12 * 60);

/** "Tue 24 Nov" for "2026-11-24"; text that is not a date is shown as sent. */
export function formatSlotDate(date: string): string {
  const instant = noonOf(date);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(instant.getTime())) return date;
  const parts = shopTimeFormat(dayOptions, currentLanguage()).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')}`;
}

/** "07:00" → "7:00" */
export const formatSlotTime = (time: string) => time.replace(/^0(\d)/, '$1');

/** "7:00–9:00" */
export const formatSlotHours = (slot: { start: string; end: string }) =>
  `${formatSlotTime(slot.start)}–${formatSlotTime(slot.end)}`;

/** "Tue 24 Nov, 7:00–9:00" */
export const formatDeliverySlot = (slot: { date: string; start: string; end: string }) =>
  `${formatSlotDate(slot.date)}, ${formatSlotHours(slot)}`;

/** Today's date in the shop, YYYY-MM-DD. */
export const shopToday = (now: Date = new Date()) => shopDateOf(now);
