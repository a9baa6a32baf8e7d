import { describe, expect, it } from 'vitest';
import {
  formatIndianAmount,
  formatIndianNumber,
  groupIndianDigits,
  isWholePaise,
  lineAmountPaise,
  paiseToRupees,
  paiseToRupeesString,
  rupeesToPaise,
} from './money.js';

describe('lineAmountPaise', () => {
  it('is rate × kg rounded half up to the paisa', () => {
    expect(lineAmountPaise(3850, 500)).toBe(1925);
    expect(lineAmountPaise(4000, 1040)).toBe(4160);
    expect(lineAmountPaise(12000, 1040)).toBe(12480);
    // 1 paise/kg × 0.5 kg = 0.5 paise → 1; × 0.499 kg → 0.
    expect(lineAmountPaise(1, 500)).toBe(1);
    expect(lineAmountPaise(1, 499)).toBe(0);
    // 3333 × 0.001 kg = 3.333 → 3; 2999 × 0.5 kg = 1499.5 → 1500; 2999 × 0.501 = 1502.499 → 1502.
    expect(lineAmountPaise(3333, 1)).toBe(3);
    expect(lineAmountPaise(2999, 500)).toBe(1500);
    expect(lineAmountPaise(2999, 501)).toBe(1502);
    expect(lineAmountPaise(1001, 500)).toBe(501);
    expect(lineAmountPaise(150, 333)).toBe(50);
    expect(lineAmountPaise(15, 100)).toBe(2);
    expect(lineAmountPaise(14, 100)).toBe(1);
    expect(lineAmountPaise(1000, 0)).toBe(0);
  });

  it('stays exact at the largest rates and weights', () => {
    expect(lineAmountPaise(2_000_000_000, 1_000_000)).toBe(2_000_000_000_000);
  });
});

describe('rupees and paise', () => {
  it('turns wire rupees into whole paise without binary leftovers', () => {
    expect(rupeesToPaise(379.5)).toBe(37950);
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
    expect(rupeesToPaise(0)).toBe(0);
  });
  it('sends paise back as rupees', () => {
    expect(paiseToRupees(37950)).toBe(379.5);
    expect(paiseToRupees(rupeesToPaise(12.34))).toBe(12.34);
  });
  it("knows rupees in whole paise, floats' binary noise aside", () => {
    expect(isWholePaise(12.34)).toBe(true);
    expect(isWholePaise(0.1 + 0.2)).toBe(true);
    expect(isWholePaise(1.1)).toBe(true);
    expect(isWholePaise(500)).toBe(true);
    expect(isWholePaise(12.345)).toBe(false);
    expect(isWholePaise(0.001)).toBe(false);
  });
  it('writes paise as rupees with two decimals', () => {
    expect(paiseToRupeesString(37950)).toBe('379.50');
    expect(paiseToRupeesString(5)).toBe('0.05');
    expect(paiseToRupeesString(0)).toBe('0.00');
    expect(paiseToRupeesString(123456789)).toBe('1234567.89');
  });
});

describe('Indian digit grouping', () => {
  it('keeps the last three digits together, then pairs', () => {
    expect(groupIndianDigits('0')).toBe('0');
    expect(groupIndianDigits('999')).toBe('999');
    expect(groupIndianDigits('1000')).toBe('1,000');
    expect(groupIndianDigits('123456')).toBe('1,23,456');
    expect(groupIndianDigits('12345678')).toBe('1,23,45,678');
    expect(groupIndianDigits('123456789')).toBe('12,34,56,789');
  });

  it('writes numbers as en-IN NumberFormat does, its defaults included', () => {
    const intl = new Intl.NumberFormat('en-IN');
    for (const value of [0, -0, 7, 1000, 12345, 100000, 9999999, -123456, 1.5, 0.0005, 1234.5678, 1e21])
      expect(formatIndianNumber(value)).toBe(intl.format(value));
    const twoDecimals = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (const value of [0, 1234.5, 123456.78, -48.5, 9999999.995, 0.005])
      expect(formatIndianNumber(value, 2, 2)).toBe(twoDecimals.format(value));
  });

  it('writes paise as a bill prints an amount: grouped, always two decimals', () => {
    expect(formatIndianAmount(12345678)).toBe('1,23,456.78');
    expect(formatIndianAmount(100000)).toBe('1,000.00');
    expect(formatIndianAmount(5)).toBe('0.05');
    expect(formatIndianAmount(-12345678)).toBe('-1,23,456.78');
  });
});
