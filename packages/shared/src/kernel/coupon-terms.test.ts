import { describe, expect, it } from 'vitest';
import { couponDiscountPaise } from './coupon-terms.js';

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
