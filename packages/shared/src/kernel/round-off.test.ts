import { describe, expect, it } from 'vitest';
import { roundOffPaise } from './round-off.js';

describe('roundOffPaise', () => {
  it('rounds to the nearest rupee, half up', () => {
    expect(roundOffPaise(44404)).toBe(-4);
    expect(roundOffPaise(44449)).toBe(-49);
    expect(roundOffPaise(44450)).toBe(50);
    expect(roundOffPaise(44499)).toBe(1);
    expect(roundOffPaise(44400)).toBe(0);
    expect(roundOffPaise(0)).toBe(0);
    expect(roundOffPaise(50)).toBe(50);
  });
  it('gives whole rupees', () => {
    expect(44404 + roundOffPaise(44404)).toBe(44400);
    expect(44450 + roundOffPaise(44450)).toBe(44500);
  });
  it('refuses amounts that are not whole paise', () => {
    expect(() => roundOffPaise(1.5)).toThrow(RangeError);
  });
});
