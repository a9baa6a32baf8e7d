/** The receipt's English and Hindi texts have the same keys, and every value a text takes shows in both. */
import { describe, expect, it } from 'vitest';
import { RECEIPT_TEXTS_HI } from './counter.receipt.texts.hi.js';
import { RECEIPT_TEXTS_EN } from './counter.receipt.texts.js';

const DEVANAGARI = /[\u0900-\u097F]/;

/** Distinct sample values for a text's parameters, so a dropped or swapped value shows. */
const samples = ['C1/26-27/000042', '1.5 Kg', '40.00', 'Kg'];

describe('the receipt texts in English and Hindi', () => {
  it('have the same keys, the same nested keys and the same kinds of value', () => {
    expect(Object.keys(RECEIPT_TEXTS_HI).sort()).toEqual(Object.keys(RECEIPT_TEXTS_EN).sort());
    for (const [key, english] of Object.entries(RECEIPT_TEXTS_EN)) {
      const hindi = RECEIPT_TEXTS_HI[key as keyof typeof RECEIPT_TEXTS_HI];
      expect(typeof hindi, key).toBe(typeof english);
      if (typeof english === 'function') expect((hindi as () => string).length, key).toBe(english.length);
      if (typeof english === 'object') expect(Object.keys(hindi).sort(), key).toEqual(Object.keys(english).sort());
    }
  });

  it('keep every value a text is given, in both languages', () => {
    for (const texts of [RECEIPT_TEXTS_EN, RECEIPT_TEXTS_HI]) {
      for (const [key, value] of Object.entries(texts)) {
        if (typeof value !== 'function') continue;
        const args = samples.slice(0, value.length);
        const text = (value as (...values: string[]) => string)(...args);
        for (const arg of args) expect(text, key).toContain(arg);
      }
    }
  });

  it('are plain ASCII in English but for ×, so English lines print as printer text', () => {
    const strings = (value: unknown): string[] =>
      typeof value === 'string'
        ? [value]
        : typeof value === 'function'
          ? [(value as (...values: string[]) => string)(...samples)]
          : Object.values(value as object).flatMap(strings);
    for (const text of strings(RECEIPT_TEXTS_EN)) expect(text.replace('×', 'x')).toMatch(/^[\x20-\x7e]*$/);
  });

  it('are Hindi where a reader reads words, and keep the GST abbreviations', () => {
    for (const key of [
      'cancelled',
      'notRegistered',
      'counterSale',
      'subtotal',
      'roundOff',
      'total',
      'thanks',
    ] as const) {
      expect(RECEIPT_TEXTS_HI[key], key).toMatch(DEVANAGARI);
    }
    expect(RECEIPT_TEXTS_HI.billNumber('C1/26-27/000042')).toMatch(DEVANAGARI);
    expect(RECEIPT_TEXTS_HI.tender.Cash).toMatch(DEVANAGARI);
    expect(RECEIPT_TEXTS_HI.kind['Tax Invoice']).toBe('कर बीजक (Tax Invoice)');
    expect(RECEIPT_TEXTS_HI.taxColumns.cgst).toBe('CGST');
    expect(RECEIPT_TEXTS_HI.gstin('29ABCDE1234F1Z5')).toBe('GSTIN: 29ABCDE1234F1Z5');
  });
});
