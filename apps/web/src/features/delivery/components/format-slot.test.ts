import { describe, expect, it } from 'vitest';
import { formatDeliverySlot, formatSlotDate, shopToday } from './format-slot';

describe('delivery dates', () => {
  it('writes a slot as "Tue 24 Nov, 7:00–9:00"', () => {
    expect(formatDeliverySlot({ date: '2026-11-24', start: '07:00', end: '09:00' })).toBe('Tue 24 Nov, 7:00–9:00');
    expect(formatDeliverySlot({ date: '2026-11-29', start: '18:30', end: '20:00' })).toBe('Sun 29 Nov, 18:30–20:00');
    expect(formatSlotDate('not a date')).toBe('not a date');
  });

  it('reads "today" in shop time: 23:50 and 00:10 there, whatever the browser\'s zone', () => {
    // 23:50 in Kolkata on 23 Nov is 18:20 UTC; 00:10 on 24 Nov is 18:40 UTC.
    expect(shopToday(new Date('2026-11-23T18:20:00Z'))).toBe('2026-11-23');
    expect(shopToday(new Date('2026-11-23T18:40:00Z'))).toBe('2026-11-24');
  });
});
