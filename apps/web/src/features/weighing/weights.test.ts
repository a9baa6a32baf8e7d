import { describe, expect, it } from 'vitest';
import { kgToGrams, overLimitMessage, parseWeight, WHOLE_GRAMS_MESSAGE } from './weights';

describe('parseWeight', () => {
  it.each([
    ['1.04', 1040],
    ['1.04 kg', 1040],
    ['1.04kg', 1040],
    ['1.04 KG', 1040],
    ['1,04', 1040],
    ['960 g', 960],
    ['960g', 960],
    ['960 gm', 960],
    ['0', 0],
    ['.5', 500],
    ['2', 2000],
    ['1.005', 1005],
    ['1.0400', 1040],
    [' 0.333 kg ', 333],
  ])('reads %j as %i g', (text, grams) => {
    expect(parseWeight(text)).toEqual({ kind: 'grams', grams });
  });

  it('is empty for blank input and refuses what is not a weight', () => {
    expect(parseWeight('  ')).toEqual({ kind: 'empty' });
    for (const text of ['abc', '1.2.3', '-1', '5 lb', '1e3']) expect(parseWeight(text).kind).toBe('invalid');
  });

  it('refuses fractions of a gram', () => {
    expect(parseWeight('1.0405')).toEqual({ kind: 'invalid', message: WHOLE_GRAMS_MESSAGE });
    expect(parseWeight('960.5 g').kind).toBe('invalid');
  });
});

describe('limits and kilograms', () => {
  it('says how much may be packed: 110% in whole grams', () => {
    expect(overLimitMessage(1000)).toBe('At most 1.1 Kg: no more than 110% of the 1 Kg ordered');
    expect(overLimitMessage(333)).toBe('At most 0.366 Kg: no more than 110% of the 0.333 Kg ordered');
  });

  it('reads kilograms from the API as grams', () => {
    expect(kgToGrams('1.04')).toBe(1040);
    expect(kgToGrams(0.5)).toBe(500);
    expect(kgToGrams('2.005')).toBe(2005);
  });
});
