import { describe, expect, it } from 'vitest';
import { maxPackedGrams } from './packing.js';

describe('maxPackedGrams', () => {
  it('is 110 % of the ordered weight in whole grams, rounded down', () => {
    expect(maxPackedGrams(1000)).toBe(1100);
    expect(maxPackedGrams(500)).toBe(550);
    expect(maxPackedGrams(1)).toBe(1);
    expect(maxPackedGrams(7)).toBe(7);
    expect(maxPackedGrams(333)).toBe(366);
  });
});
