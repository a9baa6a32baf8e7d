import { describe, expect, it } from 'vitest';
import {
  checkPackedWeights,
  gramsToKgString,
  lineAmountPaise,
  maxPackedGrams,
  parseKgToGrams,
} from './weighing.rules.js';

describe('lineAmountPaise', () => {
  it('is rate × kg rounded half up to the paisa', () => {
    expect(lineAmountPaise(3850, 500)).toBe(1925);
    expect(lineAmountPaise(4000, 1040)).toBe(4160);
    // 1 paise/kg × 0.5 kg = 0.5 paise → 1; × 0.499 kg → 0.
    expect(lineAmountPaise(1, 500)).toBe(1);
    expect(lineAmountPaise(1, 499)).toBe(0);
    // 3333 × 0.0015 kg = 4.9995 → 5; 3333 × 0.0045 kg = 14.9985 → 15; 2999 × 0.5005 = 1500.9995 → 1501.
    expect(lineAmountPaise(3333, 1)).toBe(3);
    expect(lineAmountPaise(2999, 500)).toBe(1500);
    expect(lineAmountPaise(2999, 501)).toBe(1502);
    expect(lineAmountPaise(1001, 500)).toBe(501);
    expect(lineAmountPaise(1000, 0)).toBe(0);
  });

  it('stays exact at the largest rates and weights', () => {
    expect(lineAmountPaise(2_000_000_000, 1_000_000)).toBe(2_000_000_000_000);
  });
});

describe('maxPackedGrams', () => {
  it('is 110 % of the ordered weight in whole grams', () => {
    expect(maxPackedGrams(1000)).toBe(1100);
    expect(maxPackedGrams(500)).toBe(550);
    expect(maxPackedGrams(1)).toBe(1);
    expect(maxPackedGrams(7)).toBe(7);
  });
});

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

  it('refuses fractions of a gram, negatives, and what is not a number', () => {
    for (const value of [
      1.0005,
      '1.0005',
      -1,
      '-0.5',
      'abc',
      '',
      '1e3',
      Number.NaN,
      Infinity,
      null,
      undefined,
      {},
      true,
      '0x10',
    ]) {
      expect(parseKgToGrams(value)).toBeNull();
    }
  });
});

describe('gramsToKgString', () => {
  it('writes kg without trailing zeros', () => {
    expect(gramsToKgString(1040)).toBe('1.04');
    expect(gramsToKgString(1000)).toBe('1');
    expect(gramsToKgString(5)).toBe('0.005');
    expect(gramsToKgString(0)).toBe('0');
  });
});

describe('checkPackedWeights', () => {
  const lines = [
    { id: 'a', quantityGrams: 1000, name: 'Tomato' },
    { id: 'b', quantityGrams: 2000, name: 'Onion' },
  ];

  it('accepts every line once within 0..110 %', () => {
    const result = checkPackedWeights(lines, [
      { _id: 'a', packedQuantity: '1.1' },
      { _id: 'B', packedQuantity: 0 },
    ]);
    expect(result).toEqual({
      ok: true,
      packedGrams: new Map([
        ['a', 1100],
        ['b', 0],
      ]),
    });
  });

  it('refuses more than 110 %, part grams, a missing, repeated or foreign line', () => {
    const refuse = (items: { _id: string; packedQuantity: unknown }[]) => {
      const result = checkPackedWeights(lines, items);
      expect(result.ok).toBe(false);
      return result.ok ? '' : result.message.message;
    };
    expect(
      refuse([
        { _id: 'a', packedQuantity: 1.101 },
        { _id: 'b', packedQuantity: 2 },
      ]),
    ).toMatch(/Tomato: at most 1.1 Kg can be packed \(110% of the 1 Kg ordered\)/);
    expect(
      refuse([
        { _id: 'a', packedQuantity: 1.0001 },
        { _id: 'b', packedQuantity: 2 },
      ]),
    ).toMatch(/whole grams/);
    expect(
      refuse([
        { _id: 'a', packedQuantity: -0.1 },
        { _id: 'b', packedQuantity: 2 },
      ]),
    ).toMatch(/0 or more/);
    expect(refuse([{ _id: 'a', packedQuantity: 1 }])).toMatch(/Onion is missing/);
    expect(
      refuse([
        { _id: 'a', packedQuantity: 1 },
        { _id: 'a', packedQuantity: 1 },
      ]),
    ).toMatch(/more than once/);
    expect(refuse([{ _id: 'c', packedQuantity: 1 }])).toMatch(/not in this order/);
  });
});
