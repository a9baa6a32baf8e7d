import { describe, expect, it } from 'vitest';
import {
  addDays,
  SHOP_TIME_ZONE,
  shopClockOf,
  shopDateOf,
  shopDayNumber,
  shopDayRange,
  shopInstant,
} from './shop-time.js';

describe('shop dates', () => {
  it('a shop date is the Kolkata date of the instant, whatever the local zone', () => {
    expect(shopDateOf(new Date('2026-06-30T18:29:59.999Z'))).toBe('2026-06-30');
    expect(shopDateOf(new Date('2026-06-30T18:30:00Z'))).toBe('2026-07-01');
    expect(shopDayRange('2026-07-01')).toEqual({
      from: new Date('2026-06-30T18:30:00Z'),
      to: new Date('2026-07-01T18:30:00Z'),
    });
    expect(shopInstant('2026-11-24', 7 * 60)).toEqual(new Date('2026-11-24T01:30:00Z'));
  });
});

describe('the fixed +05:30 offset', () => {
  it('agrees with the time zone database over a year, both sides of midnight', () => {
    const format = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE });
    for (let day = 0; day < 366; day += 7) {
      const { from, to } = shopDayRange(addDays('2026-01-01', day));
      for (const instant of [from, new Date(to.getTime() - 1)])
        expect(shopDateOf(instant)).toBe(format.format(instant));
    }
  });
});

describe('addDays', () => {
  it('crosses months, years and leap days', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-07-01', 0)).toBe('2026-07-01');
  });
});

describe('shopDayNumber', () => {
  it('counts Kolkata days: 18:29 and 18:30 UTC fall on two shop days, a day apart', () => {
    const before = shopDayNumber(new Date('2026-11-25T18:29:59Z'));
    const after = shopDayNumber(new Date('2026-11-25T18:30:00Z'));
    expect(after - before).toBe(1);
    expect(shopDayNumber(shopInstant('2026-11-26'))).toBe(after);
  });
});

describe('shop clock', () => {
  it('is the Kolkata time of day of an instant, 24-hour', () => {
    expect(shopClockOf(new Date('2026-11-24T01:40:00Z'))).toBe('07:10');
    expect(shopClockOf(new Date('2026-11-24T18:29:00Z'))).toBe('23:59');
    expect(shopClockOf(new Date('2026-11-24T18:30:00Z'))).toBe('00:00');
  });
});
