/** The bill's English and Hindi texts have the same keys, and every value a text takes shows in both. */
import { describe, expect, it } from 'vitest';
import { BILL_TEXTS_HI } from './billing.pdf.texts.hi.js';
import { BILL_TEXTS_EN } from './billing.pdf.texts.js';

const DEVANAGARI = /[\u0900-\u097F]/;

/** Distinct sample values for a text's parameters, so a dropped or swapped value shows. */
const samples = ['Karnataka', '29', '612345678901', '23 Nov 2026'];

describe('the bill texts in English and Hindi', () => {
  it('have the same keys, the same nested keys and the same kinds of value', () => {
    expect(Object.keys(BILL_TEXTS_HI).sort()).toEqual(Object.keys(BILL_TEXTS_EN).sort());
    for (const [key, english] of Object.entries(BILL_TEXTS_EN)) {
      const hindi = BILL_TEXTS_HI[key as keyof typeof BILL_TEXTS_HI];
      expect(typeof hindi, key).toBe(typeof english);
      if (typeof english === 'function') expect((hindi as () => string).length, key).toBe(english.length);
      if (typeof english === 'object') expect(Object.keys(hindi).sort(), key).toEqual(Object.keys(english).sort());
    }
  });

  it('keep every value a text is given, in both languages', () => {
    for (const texts of [BILL_TEXTS_EN, BILL_TEXTS_HI]) {
      for (const [key, value] of Object.entries(texts)) {
        if (typeof value !== 'function' || key === 'amountInWords') continue;
        const args = samples.slice(0, value.length);
        const text = (value as (...values: string[]) => string)(...args);
        for (const arg of args) expect(text, key).toContain(arg);
      }
    }
  });

  it('are Hindi where a reader reads words, and keep the GST abbreviations', () => {
    const hindiTexts = Object.entries(BILL_TEXTS_HI).flatMap(([key, value]) =>
      typeof value === 'string' && !['locale', 'monthStyle', 'columnHsn', 'columnGstRate'].includes(key)
        ? [[key, value] as const]
        : [],
    );
    for (const [key, text] of hindiTexts) expect(text, key).toMatch(DEVANAGARI);
    expect(BILL_TEXTS_HI.kind['Tax Invoice']).toBe('कर बीजक (Tax Invoice)');
    expect(BILL_TEXTS_HI.columnHsn).toBe('HSN');
    expect(BILL_TEXTS_HI.columnTax('CGST+SGST')).toBe('CGST+SGST ₹');
  });
});
