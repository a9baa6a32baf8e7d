import { describe, expect, it } from 'vitest';
import { findShippingProblem } from './checkout-rules.js';
import { formatKg, formatRupees, formatSignedRupees, linePrice, linePricePaise } from './format.js';

describe('formatRupees', () => {
  it('groups digits the Indian way and shows paise only when there are some', () => {
    expect(formatRupees(123456.5)).toBe('₹1,23,456.50');
    expect(formatRupees(12345678)).toBe('₹1,23,45,678');
    expect(formatRupees(48)).toBe('₹48');
    expect(formatRupees(0)).toBe('₹0');
  });

  it('formats for hi-IN with the same digits and grouping', () => {
    expect(formatRupees(123456.5, 'hi')).toBe('₹1,23,456.50');
    expect(formatRupees(48, 'hi')).toBe('₹48');
    expect(formatKg(1.5, 'hi')).toBe('1.5 किलो');
    expect(formatKg(1234.25, 'hi')).toBe('1,234.25 किलो');
  });
});

describe('formatting without Intl', () => {
  const intl = (locale: string, min: number, max: number) =>
    new Intl.NumberFormat(locale, { minimumFractionDigits: min, maximumFractionDigits: max });
  const samples = [
    0, -0, 0.004, 0.005, 0.015, 0.125, 1.005, 2.675, 9.995, 99.999, 999.5, 1000, 12345.678, 100000, 9999999.995,
    123456789012, 1.5e21, 1.25e25, 5e-7, -48.5, -123456.785,
  ];

  it('writes rupees exactly as en-IN and hi-IN NumberFormat would', () => {
    for (const amount of [...samples, ...Array.from({ length: 2000 }, (_, i) => i * 37.13 + i / 7)]) {
      const isWhole = Number.isInteger(Math.round(amount * 100) / 100);
      for (const [language, locale] of [
        ['en', 'en-IN'],
        ['hi', 'hi-IN'],
      ] as const) {
        expect(formatRupees(amount, language)).toBe(`₹${intl(locale, isWhole ? 0 : 2, 2).format(amount)}`);
      }
    }
  });

  it('writes Hindi kilograms exactly as hi-IN NumberFormat would', () => {
    for (const kg of [...samples, ...Array.from({ length: 500 }, (_, i) => i * 0.25 + i / 9)]) {
      expect(formatKg(kg, 'hi')).toBe(`${intl('hi-IN', 0, 3).format(Number(kg.toFixed(3)))} किलो`);
    }
  });
});

describe('line prices', () => {
  it('multiplies rate by kilograms exactly, in paise', () => {
    expect(linePricePaise(379.5, 1.5)).toBe(56925);
    expect(linePrice(0.1, 3)).toBe(0.3);
    expect(linePrice(48, 0.5)).toBe(24);
  });

  it('formats kilograms without float noise', () => {
    expect(formatKg(1.5)).toBe('1.5 Kg');
    expect(formatKg(0.1 + 0.2)).toBe('0.3 Kg');
  });
});

describe('findShippingProblem', () => {
  const good = { address: '14 MG Road', city: 'Pune', mobileNumber: '9876543210', pinCode: '411038' };

  it('checks mobile, then pin code, then blank fields, in their fixed order', () => {
    expect(findShippingProblem({ ...good, mobileNumber: '98765', pinCode: '1', address: '' })).toBe('mobileLength');
    expect(findShippingProblem({ ...good, pinCode: '41103', address: '' })).toBe('pinLength');
    expect(findShippingProblem({ ...good, address: '   ' })).toBe('allFieldsRequired');
    expect(findShippingProblem({ ...good, city: '' })).toBe('allFieldsRequired');
    expect(findShippingProblem(good)).toBeNull();
  });

  it('refuses non-digit mobile numbers and pin codes of the right length', () => {
    expect(findShippingProblem({ ...good, mobileNumber: '98765-4321' })).toBe('mobileLength');
    expect(findShippingProblem({ ...good, pinCode: '4110e8' })).toBe('pinLength');
  });

  it('refuses six digits that are no Indian PIN code (first digit 0 or 9), after the mobile number', () => {
    expect(findShippingProblem({ ...good, pinCode: '000123' })).toBe('pinNotIndian');
    expect(findShippingProblem({ ...good, pinCode: ' 912345 ', address: '' })).toBe('pinNotIndian');
    expect(findShippingProblem({ ...good, mobileNumber: '1', pinCode: '000123' })).toBe('mobileLength');
  });
});

describe('formatSignedRupees', () => {
  it('writes an adjustment with its sign', () => {
    expect(formatSignedRupees(0.44)).toBe('+₹0.44');
    expect(formatSignedRupees(-0.04)).toBe('−₹0.04');
    expect(formatSignedRupees(0)).toBe('₹0');
  });
});
