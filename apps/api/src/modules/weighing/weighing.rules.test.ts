import { describe, expect, it } from 'vitest';
import { checkPackedWeights } from './weighing.rules.js';

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
      substitutes: new Map(),
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
    ).toMatch(/Tomato: at most 1.1 kg can be packed \(110% of the 1 kg ordered\)/);
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
