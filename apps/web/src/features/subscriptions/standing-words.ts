/**
 * A standing order said in words, in the chosen language: its schedule ("Every day", "Every Mon,
 * Wed, Fri", "Every 3 days", with "from …" while it has not started), the cut-off sentence, and
 * the days of the week in the order an Indian calendar shows them (Monday first).
 */
import { addDays } from '@mandi/shared/kernel';
import type { Subscription } from '@mandi/shared/schemas';
import type { Text, Translate } from '../../lib/i18n';
import { formatSlotDate } from '../delivery';
import { subscriptionsTexts as x } from './subscriptions.texts';

/** The days of the week, Monday first; `value` as the schedule keeps it (0 Sunday). */
export const WEEKDAYS: readonly { value: number; short: Text; long: Text }[] = [
  { value: 1, short: x.mon, long: x.monday },
  { value: 2, short: x.tue, long: x.tuesday },
  { value: 3, short: x.wed, long: x.wednesday },
  { value: 4, short: x.thu, long: x.thursday },
  { value: 5, short: x.fri, long: x.friday },
  { value: 6, short: x.sat, long: x.saturday },
  { value: 0, short: x.sun, long: x.sunday },
];

const MONDAY_TO_FRIDAY = '1,2,3,4,5';

/** "Every day", "Weekdays (Mon–Fri)", "Every Mon, Thu", "Every 3 days", and ", from Tue 1 Dec" when it starts after `today`. */
export function scheduleInWords(schedule: Subscription['schedule'], today: string, t: Translate): string {
  const days = WEEKDAYS.filter((day) => schedule.weekdays.includes(day.value));
  const rhythm =
    schedule.kind === 'daily' || (schedule.kind === 'weekdays' && days.length === 7)
      ? t(x.everyDay)
      : schedule.kind === 'weekdays'
        ? days.map((day) => day.value).join(',') === MONDAY_TO_FRIDAY
          ? t(x.weekdaysMonFri)
          : t(x.onDays, { days: days.map((day) => t(day.short)).join(', ') })
        : t(x.everyNDays, { count: schedule.everyNDays ?? 0 });
  return schedule.startDate > today
    ? t(x.fromDate, { schedule: rhythm, date: formatSlotDate(schedule.startDate) })
    : rhythm;
}

/**
 * "Changes for tomorrow, Tue 24 Nov, close at 21:00 tonight." before the cut-off; after it (or when
 * the shop has made a later day early), from which day changes count now.
 */
export function cutoffInWords(cutoff: string, changesOpenFrom: string, today: string, t: Translate): string {
  const tomorrow = addDays(today, 1);
  return changesOpenFrom <= tomorrow
    ? t(x.cutoffTonight, { date: formatSlotDate(tomorrow), cutoff })
    : t(x.cutoffLater, { date: formatSlotDate(changesOpenFrom), cutoff });
}
