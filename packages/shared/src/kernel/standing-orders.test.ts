import { describe, expect, it } from 'vitest';
import {
  changesCloseAt,
  datesDue,
  firstOpenDate,
  isScheduledOn,
  minuteOfClock,
  nextDueDate,
  type StandingCalendar,
  standingDayState,
  weekdayOf,
} from './standing-orders.js';

const calendar = (overrides: Partial<StandingCalendar> = {}): StandingCalendar => ({
  schedule: { kind: 'daily', weekdays: [], everyNDays: null, startDate: '2026-12-01' },
  skips: [],
  pauses: [],
  endsOn: null,
  ...overrides,
});
const none = new Set<string>();

describe('standing orders calendar', () => {
  it('knows the weekday of a shop date (0 Sunday)', () => {
    expect(weekdayOf('2026-11-29')).toBe(0);
    expect(weekdayOf('2026-12-05')).toBe(6);
  });

  it('delivers daily, on chosen weekdays, or every N days from the start date', () => {
    const start = '2026-12-01'; // a Tuesday
    expect(isScheduledOn({ kind: 'daily', weekdays: [], everyNDays: null, startDate: start }, '2026-11-30')).toBe(
      false,
    );
    expect(isScheduledOn({ kind: 'daily', weekdays: [], everyNDays: null, startDate: start }, start)).toBe(true);
    const weekdays = { kind: 'weekdays' as const, weekdays: [1, 2, 3, 4, 5], everyNDays: null, startDate: start };
    expect(isScheduledOn(weekdays, '2026-12-06')).toBe(false); // Sunday
    expect(isScheduledOn(weekdays, '2026-12-07')).toBe(true); // Monday
    const everyThird = { kind: 'everyNDays' as const, weekdays: [], everyNDays: 3, startDate: start };
    expect(['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04'].map((d) => isScheduledOn(everyThird, d))).toEqual([
      true,
      false,
      false,
      true,
    ]);
  });

  it('leaves out closed dates first, then skips, then pauses, and nothing from its end on', () => {
    const held = calendar({
      skips: ['2026-12-02'],
      pauses: [{ from: '2026-12-04', to: '2026-12-05' }],
      endsOn: '2026-12-10',
    });
    const closed = new Set(['2026-12-02', '2026-12-03']);
    expect(standingDayState(held, '2026-12-01', closed)).toBe('due');
    expect(standingDayState(held, '2026-12-02', closed)).toBe('closed');
    expect(standingDayState(held, '2026-12-02', none)).toBe('skipped');
    expect(standingDayState(held, '2026-12-05', none)).toBe('paused');
    expect(standingDayState(held, '2026-12-10', none)).toBeNull();
    expect(nextDueDate(held, '2026-12-02', closed)).toBe('2026-12-06');
    expect(nextDueDate(held, '2026-12-10', none)).toBeNull();
  });

  it('closes a date’s changes at the cut-off the evening before, shop time', () => {
    expect(minuteOfClock('21:00')).toBe(1260);
    expect(minuteOfClock('24:00')).toBeNull();
    // 21:00 on 30 November in Kolkata is 15:30 UTC.
    expect(changesCloseAt('2026-12-01', '21:00').toISOString()).toBe('2026-11-30T15:30:00.000Z');
    expect(firstOpenDate(new Date('2026-11-30T15:29:59Z'), '21:00')).toBe('2026-12-01');
    expect(firstOpenDate(new Date('2026-11-30T15:30:00Z'), '21:00')).toBe('2026-12-02');
    // Just after midnight (shop time) the cut-off for tomorrow has not come yet.
    expect(firstOpenDate(new Date('2026-11-30T18:31:00Z'), '21:00')).toBe('2026-12-02');
  });

  it('names the dates to make: today until tomorrow’s cut-off, then tomorrow too', () => {
    expect(datesDue(new Date('2026-11-30T10:00:00Z'), '21:00')).toEqual(['2026-11-30']);
    expect(datesDue(new Date('2026-11-30T16:00:00Z'), '21:00')).toEqual(['2026-11-30', '2026-12-01']);
  });
});
