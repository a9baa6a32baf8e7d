import { describe, expect, it } from 'vitest';
import { changePaise, duePaise, isCounterQuantity, quantityForAmount } from './counter-sale.js';

describe('counter quantities', () => {
  it('takes kg and litre from 1 g (ml) to 50 kg (litres), in whole grams', () => {
    expect(isCounterQuantity('kg', 1)).toBe(true);
    expect(isCounterQuantity('kg', 50_000)).toBe(true);
    expect(isCounterQuantity('litre', 1_250)).toBe(true);
    expect(isCounterQuantity('kg', 0)).toBe(false);
    expect(isCounterQuantity('kg', 50_001)).toBe(false);
    expect(isCounterQuantity('kg', 1.5)).toBe(false);
  });
  it('takes counted units as whole numbers from 1 to 500', () => {
    expect(isCounterQuantity('piece', 1_000)).toBe(true);
    expect(isCounterQuantity('dozen', 500_000)).toBe(true);
    expect(isCounterQuantity('bunch', 501_000)).toBe(false);
    expect(isCounterQuantity('pack', 1_500)).toBe(false);
    expect(isCounterQuantity('piece', 0)).toBe(false);
  });
});

describe('quantityForAmount (₹ mode)', () => {
  it('gives the quantity worth the amount, half up to the gram', () => {
    // ₹20 of dhaniya at ₹130/kg: 153.846 g.
    expect(quantityForAmount(13_000, 2_000)).toBe(154);
    // ₹50 of tomatoes at ₹40/kg: exactly 1.25 kg.
    expect(quantityForAmount(4_000, 5_000)).toBe(1_250);
    // ₹10 at ₹3/kg: 3333.33 g; ₹1 at ₹16/kg: 62.5 g rounds up.
    expect(quantityForAmount(300, 1_000)).toBe(3_333);
    expect(quantityForAmount(1_600, 100)).toBe(63);
  });
  it('refuses a rate of nothing and amounts that are not whole paise', () => {
    expect(() => quantityForAmount(0, 100)).toThrow(RangeError);
    expect(() => quantityForAmount(100, 1.5)).toThrow(RangeError);
  });
});

describe('tenders', () => {
  it('leave due what they do not cover, and give back the cash received above its amount', () => {
    const tenders = [
      { method: 'UPI' as const, amountPaise: 20_000 },
      { method: 'Cash' as const, amountPaise: 5_000, receivedPaise: 10_000 },
    ];
    expect(duePaise(25_000, tenders)).toBe(0);
    expect(duePaise(30_000, tenders)).toBe(5_000);
    expect(changePaise(tenders)).toBe(5_000);
    expect(changePaise([{ method: 'Cash', amountPaise: 5_000, receivedPaise: null }])).toBe(0);
    expect(changePaise([{ method: 'Khata', amountPaise: 5_000, receivedPaise: 9_000 }])).toBe(0);
  });
});
