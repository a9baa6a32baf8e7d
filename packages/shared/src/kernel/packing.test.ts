import { describe, expect, it } from 'vitest';
import { isPackableAmount, maxPackedGrams, maxPackedQuantity } from './packing.js';

describe('maxPackedGrams', () => {
  it('is 110 % of the ordered weight in whole grams, rounded down', () => {
    expect(maxPackedGrams(1000)).toBe(1100);
    expect(maxPackedGrams(500)).toBe(550);
    expect(maxPackedGrams(1)).toBe(1);
    expect(maxPackedGrams(7)).toBe(7);
    expect(maxPackedGrams(333)).toBe(366);
  });
});

describe('packing by unit', () => {
  it('kg and litre keep the 110 % rule; counted units at most the number ordered', () => {
    expect(maxPackedQuantity('kg', 1000)).toBe(1100);
    expect(maxPackedQuantity('litre', 500)).toBe(550);
    expect(maxPackedQuantity('dozen', 2000)).toBe(2000);
    expect(maxPackedQuantity('piece', 1000)).toBe(1000);
  });

  it('counted units are packed whole; kg and litre in whole grams or ml', () => {
    expect(isPackableAmount('kg', 1040)).toBe(true);
    expect(isPackableAmount('litre', 999)).toBe(true);
    expect(isPackableAmount('dozen', 1000)).toBe(true);
    expect(isPackableAmount('dozen', 0)).toBe(true);
    expect(isPackableAmount('dozen', 1500)).toBe(false);
    expect(isPackableAmount('pack', -1000)).toBe(false);
    expect(isPackableAmount('kg', 0.5)).toBe(false);
  });
});
