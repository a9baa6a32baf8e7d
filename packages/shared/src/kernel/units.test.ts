import { describe, expect, it } from 'vitest';
import {
  checkQuantityOptions,
  formatQuantity,
  isCountedUnit,
  isOfferableQuantity,
  QUANTITY_CODES,
  UNIT_CHOICES,
  UNIT_PRESETS,
  UNITS,
  unitName,
  unitOrDefault,
} from './units.js';

describe('units', () => {
  it('are kg by default, and only the six units are units', () => {
    expect(unitOrDefault(undefined)).toBe('kg');
    expect(unitOrDefault('KG')).toBe('kg');
    expect(unitOrDefault('dozen')).toBe('dozen');
    expect(UNITS.filter(isCountedUnit)).toEqual(['piece', 'dozen', 'bunch', 'pack']);
  });

  it('each has its bill quantity code', () => {
    expect(UNITS.map((unit) => QUANTITY_CODES[unit])).toEqual(['KGS', 'LTR', 'NOS', 'DOZ', 'BDL', 'PAC']);
  });

  it('kg and litre offer multiples of 0.05 from 0.05 to 25; counted units whole 1 to 50', () => {
    expect(isOfferableQuantity('kg', 50)).toBe(true);
    expect(isOfferableQuantity('kg', 250)).toBe(true);
    expect(isOfferableQuantity('litre', 25_000)).toBe(true);
    expect(isOfferableQuantity('kg', 25_050)).toBe(false);
    expect(isOfferableQuantity('kg', 0)).toBe(false);
    expect(isOfferableQuantity('kg', 260)).toBe(false);
    expect(isOfferableQuantity('dozen', 1000)).toBe(true);
    expect(isOfferableQuantity('piece', 50_000)).toBe(true);
    expect(isOfferableQuantity('piece', 51_000)).toBe(false);
    expect(isOfferableQuantity('bunch', 500)).toBe(false);
    expect(isOfferableQuantity('pack', 1500)).toBe(false);
  });

  it('a product offers 1 to 12 quantities, no repeats, each offerable', () => {
    expect(checkQuantityOptions('kg', [100, 250, 500])).toEqual({ problem: 'none' });
    expect(checkQuantityOptions('kg', [])).toEqual({ problem: 'empty' });
    expect(
      checkQuantityOptions(
        'piece',
        Array.from({ length: 13 }, (_, i) => (i + 1) * 1000),
      ),
    ).toEqual({
      problem: 'tooMany',
      max: 12,
    });
    expect(checkQuantityOptions('kg', [500, 500])).toEqual({ problem: 'repeated', thousandths: 500 });
    expect(checkQuantityOptions('dozen', [1000, 1500])).toEqual({ problem: 'notOffered', thousandths: 1500 });
  });

  it('presets and choices are offerable for their unit', () => {
    for (const unit of UNITS) {
      expect(checkQuantityOptions(unit, UNIT_PRESETS[unit])).toEqual({ problem: 'none' });
      expect(checkQuantityOptions(unit, UNIT_CHOICES[unit])).toEqual({ problem: 'none' });
      for (const preset of UNIT_PRESETS[unit]) expect(UNIT_CHOICES[unit]).toContain(preset);
    }
  });

  it('writes quantities as a shop does, in English and Hindi', () => {
    expect(formatQuantity('kg', 250)).toBe('0.25 Kg');
    expect(formatQuantity('kg', 1000)).toBe('1 Kg');
    expect(formatQuantity('kg', 1500)).toBe('1.5 Kg');
    expect(formatQuantity('kg', 1040)).toBe('1.04 Kg');
    expect(formatQuantity('kg', 0)).toBe('0 Kg');
    expect(formatQuantity('kg', 1_234_500)).toBe('1,234.5 Kg');
    expect(formatQuantity('litre', 500)).toBe('500 ml');
    expect(formatQuantity('litre', 1000)).toBe('1 litre');
    expect(formatQuantity('litre', 2000)).toBe('2 litres');
    expect(formatQuantity('piece', 1000)).toBe('1 piece');
    expect(formatQuantity('piece', 12_000)).toBe('12 pieces');
    expect(formatQuantity('dozen', 2000)).toBe('2 dozen');
    expect(formatQuantity('bunch', 3000)).toBe('3 bunches');
    expect(formatQuantity('pack', 1000)).toBe('1 pack');
    expect(formatQuantity('kg', 250, 'hi')).toBe('0.25 किलो');
    expect(formatQuantity('kg', 1500, 'hi')).toBe('1.5 किलो');
    expect(formatQuantity('dozen', 2000, 'hi')).toBe('2 दर्जन');
    expect(unitName('kg')).toBe('Kg');
    expect(unitName('litre', 'hi')).toBe('लीटर');
  });
});
