import { describe, expect, it } from 'vitest';
import { gramsToKgString, parseKgToGrams } from './quantities.js';

describe('parseKgToGrams', () => {
  it('reads numbers and numeric strings of at most 3 decimals', () => {
    expect(parseKgToGrams(1.04)).toBe(1040);
    expect(parseKgToGrams('1.04')).toBe(1040);
    expect(parseKgToGrams('1.005')).toBe(1005);
    expect(parseKgToGrams(1.005)).toBe(1005);
    expect(parseKgToGrams(0)).toBe(0);
    expect(parseKgToGrams('0')).toBe(0);
    expect(parseKgToGrams('2.')).toBe(2000);
    expect(parseKgToGrams(' 0.5 ')).toBe(500);
    expect(parseKgToGrams(0.1 + 0.2)).toBe(300);
  });

  it('refuses part grams, negatives, exponents and anything not a weight', () => {
    for (const value of [
      1.0005,
      '1.0005',
      -1,
      '-0.5',
      '1e3',
      'abc',
      '',
      '.5',
      '0x10',
      '12345678',
      Number.NaN,
      Infinity,
      null,
      undefined,
      {},
      true,
    ]) {
      expect(parseKgToGrams(value)).toBeNull();
    }
  });
});

describe('gramsToKgString', () => {
  it('writes kilograms with no trailing zeros', () => {
    expect(gramsToKgString(1040)).toBe('1.04');
    expect(gramsToKgString(1000)).toBe('1');
    expect(gramsToKgString(5)).toBe('0.005');
    expect(gramsToKgString(0)).toBe('0');
  });
  it('reads back as the same grams', () => {
    for (const grams of [0, 1, 999, 1000, 1005, 25_000]) expect(parseKgToGrams(gramsToKgString(grams))).toBe(grams);
  });
});
