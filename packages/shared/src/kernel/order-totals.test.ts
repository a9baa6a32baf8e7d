import { describe, expect, it } from 'vitest';
import type { CouponTerms } from './coupon-terms.js';
import type { DeliveryTerms } from './delivery-terms.js';
import { orderTotals } from './order-totals.js';

const zone: DeliveryTerms = { feePaise: 3000, freeAbovePaise: 50000 };
const tenPercent: CouponTerms = { code: 'TEN', kind: 'percent', value: 10, minSubtotalPaise: 40000 };

describe('orderTotals', () => {
  it('is the lines alone without terms: free delivery, no discount, no round-off', () => {
    expect(orderTotals(12345)).toEqual({
      subtotalPaise: 12345,
      discountPaise: 0,
      feePaise: 0,
      roundOffPaise: 0,
      totalPaise: 12345,
    });
  });

  it('adds the zone fee below "free above", judged on the subtotal', () => {
    expect(orderTotals(28040, { delivery: zone })).toMatchObject({ feePaise: 3000, totalPaise: 31040 });
    expect(orderTotals(50000, { delivery: zone })).toMatchObject({ feePaise: 0, totalPaise: 50000 });
  });

  it('takes a coupon off by its terms, the fee still judged on the lines before the discount', () => {
    // 10 % of ₹512 is ₹51.20; the lines reach ₹500, so delivery is free although ₹460.80 is paid.
    expect(orderTotals(51200, { delivery: zone, coupon: tenPercent })).toEqual({
      subtotalPaise: 51200,
      discountPaise: 5120,
      feePaise: 0,
      roundOffPaise: 0,
      totalPaise: 46080,
    });
    // Below the coupon's minimum: no discount.
    expect(orderTotals(38000, { delivery: zone, coupon: tenPercent })).toMatchObject({
      discountPaise: 0,
      totalPaise: 41000,
    });
  });

  it('takes off a discount the server judged when there are no terms, and prefers the terms when there are', () => {
    expect(orderTotals(10010, { delivery: zone, discountPaise: 1000 })).toMatchObject({ totalPaise: 12010 });
    expect(orderTotals(51200, { coupon: tenPercent, discountPaise: 1 })).toMatchObject({ discountPaise: 5120 });
  });

  it('rounds only the final bill to the rupee, half up, and says by how much', () => {
    expect(orderTotals(9256, { delivery: zone })).toMatchObject({ roundOffPaise: 0, totalPaise: 12256 });
    expect(orderTotals(9256, { delivery: zone, isFinal: true })).toMatchObject({
      roundOffPaise: 44,
      totalPaise: 12300,
    });
    expect(orderTotals(44450, { isFinal: true })).toMatchObject({ roundOffPaise: 50, totalPaise: 44500 });
    expect(orderTotals(44449, { isFinal: true })).toMatchObject({ roundOffPaise: -49, totalPaise: 44400 });
  });

  it('keeps the parts adding up to the total', () => {
    for (const subtotal of [0, 1, 4999, 39999, 40000, 49999, 50000, 123457]) {
      const totals = orderTotals(subtotal, { delivery: zone, coupon: tenPercent, isFinal: true });
      expect(totals.subtotalPaise - totals.discountPaise + totals.feePaise + totals.roundOffPaise).toBe(
        totals.totalPaise,
      );
      expect(totals.totalPaise % 100).toBe(0);
    }
  });
});

describe("orderTotals of a packed order (the packing screen's new total)", () => {
  const terms = { feePaise: 4000, freeAbovePaise: 50000 };
  const tenOff: CouponTerms = { code: 'TEN', kind: 'percent', value: 10, minSubtotalPaise: 40000 };
  const packed = (subtotalPaise: number, coupon: CouponTerms | null = null) =>
    orderTotals(subtotalPaise, { delivery: terms, coupon, isFinal: true });

  it('adds the fee the packed subtotal still pays, then rounds to the rupee', () => {
    expect(packed(28040)).toEqual({
      subtotalPaise: 28040,
      discountPaise: 0,
      feePaise: 4000,
      roundOffPaise: -40,
      totalPaise: 32000,
    });
    expect(packed(9256)).toEqual({
      subtotalPaise: 9256,
      discountPaise: 0,
      feePaise: 4000,
      roundOffPaise: 44,
      totalPaise: 13300,
    });
  });

  it('drops the fee once the packed subtotal reaches "free above"', () => {
    expect(packed(50000)).toEqual({
      subtotalPaise: 50000,
      discountPaise: 0,
      feePaise: 0,
      roundOffPaise: 0,
      totalPaise: 50000,
    });
  });

  it('takes the discount off the packed subtotal before the round-off, and none below its minimum', () => {
    expect(packed(49200, tenOff)).toEqual({
      subtotalPaise: 49200,
      discountPaise: 4920,
      feePaise: 4000,
      roundOffPaise: 20,
      totalPaise: 48300,
    });
    expect(packed(38000, tenOff)).toMatchObject({ discountPaise: 0, totalPaise: 42000 });
  });
});
