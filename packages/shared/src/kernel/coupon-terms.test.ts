import { describe, expect, it } from 'vitest';
import { couponDiscountPaise, couponTermsFromRupees, couponTermsToRupees } from './coupon-terms.js';

describe('couponDiscountPaise', () => {
  const flat = { code: 'SAVE50', kind: 'flat' as const, value: 5000, minSubtotalPaise: 50000 };
  const percent = { code: 'TEN', kind: 'percent' as const, value: 10, minSubtotalPaise: 0 };
  it('gives a flat amount from the minimum subtotal, nothing below it', () => {
    expect(couponDiscountPaise(flat, 49999)).toBe(0);
    expect(couponDiscountPaise(flat, 50000)).toBe(5000);
    expect(couponDiscountPaise(flat, 120000)).toBe(5000);
  });
  it('takes a percent of the subtotal, half up to the paisa', () => {
    expect(couponDiscountPaise(percent, 12345)).toBe(1235);
    expect(couponDiscountPaise(percent, 12344)).toBe(1234);
    expect(couponDiscountPaise(percent, 0)).toBe(0);
  });
  it('never takes off more than the lines', () => {
    expect(couponDiscountPaise({ ...flat, minSubtotalPaise: 0 }, 3000)).toBe(3000);
  });
});

describe('couponTermsFromRupees', () => {
  it("reads an order answer's terms: a flat value and the minimum in paise, a percent as it is", () => {
    expect(couponTermsFromRupees('SAVE50', { kind: 'flat', value: 50, minSubtotal: 499.5 })).toEqual({
      code: 'SAVE50',
      kind: 'flat',
      value: 5000,
      minSubtotalPaise: 49950,
    });
    expect(couponTermsFromRupees('TEN', { kind: 'percent', value: 10, minSubtotal: 0 })).toEqual({
      code: 'TEN',
      kind: 'percent',
      value: 10,
      minSubtotalPaise: 0,
    });
  });
  it('is none without a code or without terms', () => {
    expect(couponTermsFromRupees(null, { kind: 'percent', value: 10, minSubtotal: 0 })).toBeNull();
    expect(couponTermsFromRupees('TEN', null)).toBeNull();
    expect(couponTermsFromRupees('TEN', undefined)).toBeNull();
  });
});

describe('couponTermsToRupees', () => {
  it('sends a flat value and the minimum in ₹, a percent as it is, and reads back to the same terms', () => {
    const flat = { code: 'SAVE50', kind: 'flat' as const, value: 5000, minSubtotalPaise: 49950 };
    expect(couponTermsToRupees(flat)).toEqual({ kind: 'flat', value: 50, minSubtotal: 499.5 });
    expect(couponTermsToRupees({ kind: 'percent', value: 10, minSubtotalPaise: 0 })).toEqual({
      kind: 'percent',
      value: 10,
      minSubtotal: 0,
    });
    expect(couponTermsFromRupees(flat.code, couponTermsToRupees(flat))).toEqual(flat);
  });
});
