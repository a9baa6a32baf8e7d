/**
 * Standing orders' calendar (contract part 4, "Standing orders"; decision 0064): which shop dates a
 * schedule delivers on, what a skip, a pause or a closed date leaves, and the cut-off after which a
 * date's order is no longer the shopper's to change. Pure: the server makes the orders by these
 * rules and the shopper's calendar shows them by the same.
 */
import { addDays, shopDateOf, shopInstant } from './shop-time.js';

export const STANDING_SCHEDULE_KINDS = ['daily', 'weekdays', 'everyNDays'] as const;
export type StandingScheduleKind = (typeof STANDING_SCHEDULE_KINDS)[number];

/** A standing order's rhythm: from `startDate` on, every day, on chosen weekdays (0 Sunday), or every N days. */
export interface StandingSchedule {
  kind: StandingScheduleKind;
  /** For `weekdays`: the days delivered on, 0 (Sunday) to 6; empty otherwise. */
  weekdays: readonly number[];
  /** For `everyNDays`: 2 to 30; null otherwise. */
  everyNDays: number | null;
  /** `YYYY-MM-DD`, the first date it may deliver on. */
  startDate: string;
}

/** Every N days: at least every other day, at most monthly. */
export const EVERY_N_DAYS_RANGE = { min: 2, max: 30 } as const;
/** The shop's cut-off when the owner set none: 9 in the evening before. */
export const DEFAULT_SUBSCRIPTION_CUTOFF = '21:00';
/** How far ahead a skip, a pause or a start date may be set. */
export const STANDING_HORIZON_DAYS = 366;

const DAY_MS = 86_400_000;

/** The weekday of a shop date: 0 Sunday .. 6 Saturday. */
export const weekdayOf = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay();

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** Whether the schedule delivers on `date` (skips, pauses and closed dates aside). */
export function isScheduledOn(schedule: StandingSchedule, date: string): boolean {
  const offset = daysBetween(schedule.startDate, date);
  if (offset < 0) return false;
  switch (schedule.kind) {
    case 'daily':
      return true;
    case 'weekdays':
      return schedule.weekdays.includes(weekdayOf(date));
    case 'everyNDays':
      return offset % (schedule.everyNDays ?? 1) === 0;
  }
}

/** `"HH:MM"` (00:00-23:59) as minutes after midnight, or null when it is not such a time. */
export function minuteOfClock(clock: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(clock);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** The instant changes for `date` close: the cut-off (`HH:MM`, shop time) on the evening before. */
export function changesCloseAt(date: string, cutoff: string): Date {
  return shopInstant(
    addDays(date, -1),
    minuteOfClock(cutoff) ?? (minuteOfClock(DEFAULT_SUBSCRIPTION_CUTOFF) as number),
  );
}

/** The first shop date whose cut-off has not passed at `now`: tomorrow before the cut-off, the day after once it has. */
export function firstOpenDate(now: Date, cutoff: string): string {
  let date = shopDateOf(now);
  while (changesCloseAt(date, cutoff).getTime() <= now.getTime()) date = addDays(date, 1);
  return date;
}

/** The dates whose cut-off has passed at `now` and which are still today or later: the ones to make. */
export function datesDue(now: Date, cutoff: string): string[] {
  const today = shopDateOf(now);
  const dates: string[] = [];
  for (let date = today; changesCloseAt(date, cutoff).getTime() <= now.getTime(); date = addDays(date, 1)) {
    dates.push(date);
  }
  return dates;
}

/** What a standing order does on a date it is scheduled for. */
export type StandingDayState = 'due' | 'skipped' | 'paused' | 'closed';

export interface StandingCalendar {
  schedule: StandingSchedule;
  skips: readonly string[];
  pauses: readonly { from: string; to: string }[];
  /** The first date it no longer delivers on (ended from then), or null while it runs. */
  endsOn: string | null;
}

/**
 * What the standing order does on `date`: null when it does not deliver that day (not scheduled,
 * before its start or after its end); otherwise due, or left out by a skip, a pause or the shop's
 * closed date (a closed date first: the shopper is told the shop is shut, not that they paused).
 */
export function standingDayState(
  calendar: StandingCalendar,
  date: string,
  closedDates: ReadonlySet<string>,
): StandingDayState | null {
  if (calendar.endsOn !== null && date >= calendar.endsOn) return null;
  if (!isScheduledOn(calendar.schedule, date)) return null;
  if (closedDates.has(date)) return 'closed';
  if (calendar.skips.includes(date)) return 'skipped';
  if (calendar.pauses.some((pause) => pause.from <= date && date <= pause.to)) return 'paused';
  return 'due';
}

/** The first date from `from` on (within the horizon) on which the standing order is due, or null. */
export function nextDueDate(calendar: StandingCalendar, from: string, closedDates: ReadonlySet<string>): string | null {
  const start = calendar.schedule.startDate > from ? calendar.schedule.startDate : from;
  for (let offset = 0; offset <= STANDING_HORIZON_DAYS; offset += 1) {
    const date = addDays(start, offset);
    if (calendar.endsOn !== null && date >= calendar.endsOn) return null;
    if (standingDayState(calendar, date, closedDates) === 'due') return date;
  }
  return null;
}
