import { describe, expect, it } from 'vitest';
import {
  gramsToKgText,
  kgToGrams,
  lineAmountPaise,
  maxPackedGrams,
  overLimitMessage,
  parseWeight,
  WHOLE_GRAMS_MESSAGE,
} from './weights';

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

describe('money and limits', () => {
  it('bills 1.04 kg of ₹120/kg as ₹124.80', () => {
    expect(lineAmountPaise(12000, 1040)).toBe(12480);
  });

  it('rounds half a paisa up', () => {
    // ₹1.50/kg × 0.333 kg = 49.95 paise → 50; ₹0.15/kg × 0.1 kg = 1.5 paise → 2.
    expect(lineAmountPaise(150, 333)).toBe(50);
    expect(lineAmountPaise(15, 100)).toBe(2);
    expect(lineAmountPaise(14, 100)).toBe(1);
    expect(lineAmountPaise(12000, 333)).toBe(3996);
  });

  it('allows up to 110% in whole grams', () => {
    expect(maxPackedGrams(1000)).toBe(1100);
    expect(maxPackedGrams(333)).toBe(366);
    expect(overLimitMessage(1000)).toBe('At most 1.1 kg: no more than 110% of the 1 kg ordered');
  });

  it('writes and reads kilograms as text', () => {
    expect(gramsToKgText(1040)).toBe('1.04');
    expect(gramsToKgText(0)).toBe('0');
    expect(gramsToKgText(2005)).toBe('2.005');
    expect(kgToGrams('1.04')).toBe(1040);
    expect(kgToGrams(0.5)).toBe(500);
  });
});
