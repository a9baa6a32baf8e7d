/** The delivery rules on their own: longest prefix, shop dates, cut-offs, slot choice (the fee is the kernel's). */

import { addDays, shopDateOf, shopInstant } from '@mandi/shared/kernel';
import { describe, expect, it } from 'vitest';
import {
  bookableDates,
  closesAt,
  matchZone,
  refuseSlot,
  servedMessage,
  slotsAhead,
  summariseDeliveryTerms,
  type TemplateRule,
  weekdayOf,
  type ZoneRule,
} from './delivery.rules.js';

const zone = (id: string, pinPrefixes: string[], fee = 0, freeAbove: number | null = null): ZoneRule => ({
  id,
  name: id,
  pinPrefixes,
  minOrderPaise: 0,
  deliveryFeePaise: fee,
  freeAbovePaise: freeAbove,
});
const template = (overrides: Partial<TemplateRule> = {}): TemplateRule => ({
  id: '00000000-0000-4000-8000-000000000001',
  days: [0, 1, 2, 3, 4, 5, 6],
  startMinute: 7 * 60,
  endMinute: 9 * 60,
  capacity: null,
  cutoffMinutes: 0,
  zoneIds: [],
  ...overrides,
});
/** An instant given as shop (Kolkata) time, "HH:MM". */
const ist = (date: string, time: string) => shopInstant(date, Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)));

describe('zones', () => {
  const zones = [
    zone('India', ['1', '2', '3', '4', '5', '6', '7', '8']),
    zone('Pune', ['411', '412']),
    zone('Camp', ['411001']),
  ];

  it('a PIN code belongs to the zone with the longest matching prefix', () => {
    expect(matchZone(zones, '411001')?.id).toBe('Camp');
    expect(matchZone(zones, '411038')?.id).toBe('Pune');
    expect(matchZone(zones, '412105')?.id).toBe('Pune');
    expect(matchZone(zones, '560001')?.id).toBe('India');
    expect(matchZone([zone('Pune', ['411'])], '560001')).toBeNull();
    // The order of the zones does not matter.
    expect(matchZone([...zones].reverse(), '411001')?.id).toBe('Camp');
  });

  it('says what a shopper gets', () => {
    expect(servedMessage('411001', zone('Pune', ['411'], 40_00, 500_00))).toBe(
      'We deliver to 411001: Pune, free above ₹500',
    );
    expect(servedMessage('411001', null)).toBe('We deliver to 411001: free delivery');
  });
});

describe('what the storefront may say of delivery (decision 0056)', () => {
  it('without zones: every PIN code, free, no minimum', () => {
    expect(summariseDeliveryTerms([])).toEqual({
      everyPinCode: true,
      areas: 0,
      deliveryFee: { min: 0, max: 0 },
      minOrder: { min: 0, max: 0 },
      freeAbove: null,
    });
  });

  it('gives the ranges over the zones, and "free above" only when it holds in every zone', () => {
    const pune = { ...zone('Pune', ['411'], 20_00, 500_00), minOrderPaise: 100_00 };
    const camp = { ...zone('Camp', ['411001'], 40_00, 800_00), minOrderPaise: 150_00 };
    expect(summariseDeliveryTerms([pune, camp])).toEqual({
      everyPinCode: false,
      areas: 2,
      deliveryFee: { min: 20, max: 40 },
      minOrder: { min: 100, max: 150 },
      freeAbove: 800,
    });
    expect(summariseDeliveryTerms([pune, zone('Far', ['4'], 60_00, null)]).freeAbove).toBeNull();
  });
});

describe('shop time', () => {
  it('turns at midnight in Kolkata, not in UTC or on the server', () => {
    // 23:50 and 00:10 in Kolkata are 18:20 and 18:40 UTC on the same UTC day.
    expect(shopDateOf(ist('2026-11-24', '23:50'))).toBe('2026-11-24');
    expect(shopDateOf(ist('2026-11-25', '00:10'))).toBe('2026-11-25');
    expect(ist('2026-11-25', '00:10').toISOString()).toBe('2026-11-24T18:40:00.000Z');
    expect(bookableDates(ist('2026-11-25', '00:10'))).toEqual([
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
    ]);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(weekdayOf('2026-11-22')).toBe(0);
  });

  it('closes a slot its cut-off before its start, in shop time', () => {
    const morning = template({ cutoffMinutes: 7 * 60 });
    expect(closesAt(morning, '2026-11-25').toISOString()).toBe('2026-11-24T18:30:00.000Z');
    expect(refuseSlot(morning, '2026-11-25', ist('2026-11-24', '23:50'), null, 0)).toBeNull();
    expect(refuseSlot(morning, '2026-11-25', ist('2026-11-25', '00:10'), null, 0)).toBe('closed');
    expect(refuseSlot(morning, '2026-11-25', ist('2026-11-25', '00:00'), null, 0)).toBe('closed');
  });
});

describe('slots', () => {
  const now = ist('2026-11-24', '10:00');

  it('lists the week earliest first, with the slots past their cut-off closed', () => {
    const evening = template({ id: '00000000-0000-4000-8000-000000000002', startMinute: 18 * 60, endMinute: 20 * 60 });
    const slots = slotsAhead([evening, template()], now, null);
    expect(slots).toHaveLength(14);
    expect(slots.slice(0, 3).map((slot) => [slot.date, slot.template.startMinute, slot.isOpen])).toEqual([
      ['2026-11-24', 420, false],
      ['2026-11-24', 1080, true],
      ['2026-11-25', 420, true],
    ]);
  });

  it('offers a zone only the slots that serve it', () => {
    const forPune = template({ zoneIds: ['pune'] });
    expect(slotsAhead([forPune], now, 'pune')).toHaveLength(7);
    expect(slotsAhead([forPune], now, 'mumbai')).toHaveLength(0);
    expect(slotsAhead([forPune], now, null)).toHaveLength(0);
  });

  it('refuses a chosen slot that is unknown, foreign, closed or full', () => {
    const weekdays = template({ days: [1, 2, 3, 4, 5], capacity: 3, zoneIds: ['pune'] });
    expect(refuseSlot(undefined, '2026-11-25', now, 'pune', 0)).toBe('unknown');
    expect(refuseSlot(weekdays, '2026-11-29', now, 'pune', 0)).toBe('unknown');
    expect(refuseSlot(weekdays, '2026-11-31', now, 'pune', 0)).toBe('unknown');
    expect(refuseSlot(weekdays, '2026-11-25', now, 'mumbai', 0)).toBe('foreign');
    expect(refuseSlot(weekdays, '2026-11-24', now, 'pune', 0)).toBe('closed');
    expect(refuseSlot(weekdays, '2026-11-23', now, 'pune', 0)).toBe('closed');
    expect(refuseSlot(weekdays, '2026-12-02', now, 'pune', 0)).toBe('closed');
    expect(refuseSlot(weekdays, '2026-11-25', now, 'pune', 3)).toBe('full');
    expect(refuseSlot(weekdays, '2026-11-25', now, 'pune', 2)).toBeNull();
  });
});
