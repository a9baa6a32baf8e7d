import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  formatShopDay,
  formatShopMonth,
  formatShopTime,
  SHOP_TIME_ZONE,
  SHOP_UTC_OFFSET,
  shopClockOf,
  shopDateOf,
  shopDayNumber,
  shopDayRange,
  shopInstant,
  shopMonthOf,
  shopMonthRange,
  shopMonthSoFar,
  shopTimeFormat,
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

describe('the offset written out', () => {
  it("is the zone's offset as ISO 8601 writes it: a moment with it is the shop instant", () => {
    expect(new Date(`2026-11-27T06:00:00${SHOP_UTC_OFFSET}`)).toEqual(shopInstant('2026-11-27', 6 * 60));
  });
});

describe('shop months', () => {
  it('is the Kolkata month of an instant', () => {
    expect(shopMonthOf(new Date('2027-03-31T18:29:00.000Z'))).toBe('2027-03');
    expect(shopMonthOf(new Date('2027-03-31T18:30:00.000Z'))).toBe('2027-04');
  });

  it('runs "this month so far" from the first of the Kolkata month to the Kolkata day', () => {
    expect(shopMonthSoFar(new Date('2026-11-30T18:40:00Z'))).toEqual({ from: '2026-12-01', to: '2026-12-01' });
    expect(shopMonthSoFar(new Date('2026-11-30T18:20:00Z'))).toEqual({ from: '2026-11-01', to: '2026-11-30' });
  });

  it('counts months across years', () => {
    expect(addMonths('2026-11', 1)).toBe('2026-12');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2027-01', -1)).toBe('2026-12');
    expect(addMonths('2026-05', -13)).toBe('2025-04');
    expect(addMonths('2026-05', 0)).toBe('2026-05');
  });

  it("runs from the first midnight of the month in the shop to the next month's", () => {
    expect(shopMonthRange('2026-12')).toEqual({
      from: new Date('2026-11-30T18:30:00Z'),
      to: new Date('2026-12-31T18:30:00Z'),
    });
    expect(shopMonthRange('2027-02')).toEqual({ from: shopInstant('2027-02-01'), to: shopInstant('2027-03-01') });
  });
});

describe('the shop-time formatter', () => {
  const options = { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' } as const;

  it("reads an instant in Kolkata, whatever the device's zone", () => {
    const instant = new Date('2026-11-25T20:00:00Z');
    expect(formatShopTime(instant, options)).toBe(
      new Intl.DateTimeFormat('en-IN', { ...options, timeZone: SHOP_TIME_ZONE }).format(instant),
    );
    expect(formatShopTime(instant, { day: 'numeric' })).toBe('26');
    expect(formatShopTime(instant, { day: 'numeric', month: 'short' }, 'hi')).toBe(
      new Intl.DateTimeFormat('hi-IN', { day: 'numeric', month: 'short', timeZone: SHOP_TIME_ZONE }).format(instant),
    );
  });

  it('makes one formatter per language and options, and keeps it', () => {
    expect(shopTimeFormat({ ...options })).toBe(shopTimeFormat(options));
    expect(shopTimeFormat(options, 'hi')).not.toBe(shopTimeFormat(options, 'en'));
  });

  it('writes a shop date as its own day, whatever the zone; other text as sent', () => {
    const long = { weekday: 'long', day: 'numeric', month: 'long' } as const;
    expect(formatShopDay('2026-11-24', long)).toBe('Tuesday, 24 November');
    expect(formatShopDay('2026-11-24', { day: 'numeric', month: 'short' }, 'hi')).toBe(
      formatShopTime(shopInstant('2026-11-24', 12 * 60), { day: 'numeric', month: 'short' }, 'hi'),
    );
    expect(formatShopDay('2026-11', long)).toBe('2026-11');
    expect(formatShopDay('2026-13-01', long)).toBe('2026-13-01');
    expect(formatShopDay('', long)).toBe('');
  });

  it('names a month in either language; other text as sent', () => {
    expect(formatShopMonth('2026-11')).toBe('November 2026');
    expect(formatShopMonth('2026-11', 'hi')).toBe('नवंबर 2026');
    expect(formatShopMonth('')).toBe('');
    expect(formatShopMonth('2026-13')).toBe('2026-13');
  });
});
