import { describe, expect, it } from 'vitest';
import { lineAmountPaise, paiseToRupees, rupeesToPaise } from './money.js';

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
});
