import { describe, expect, it } from 'vitest';
import { findShippingProblem } from './checkout-rules.js';
import { formatKg, formatRupees, linePrice, linePricePaise } from './format.js';
import { MESSAGES } from './messages.js';

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
    expect(findShippingProblem({ ...good, mobileNumber: '98765', pinCode: '1', address: '' })).toBe(
      MESSAGES.mobileLength,
    );
    expect(findShippingProblem({ ...good, pinCode: '41103', address: '' })).toBe(MESSAGES.pinLength);
    expect(findShippingProblem({ ...good, address: '   ' })).toBe(MESSAGES.allFieldsRequired);
    expect(findShippingProblem({ ...good, city: '' })).toBe(MESSAGES.allFieldsRequired);
    expect(findShippingProblem(good)).toBeNull();
  });

  it('refuses non-digit mobile numbers and pin codes of the right length', () => {
    expect(findShippingProblem({ ...good, mobileNumber: '98765-4321' })).toBe(MESSAGES.mobileLength);
    expect(findShippingProblem({ ...good, pinCode: '4110e8' })).toBe(MESSAGES.pinLength);
  });
});
