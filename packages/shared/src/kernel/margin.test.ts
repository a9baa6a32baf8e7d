import { describe, expect, it } from 'vitest';
import { marginPercent } from './margin.js';

describe('marginPercent', () => {
  it('is the share of the rate left after the cost, to one decimal', () => {
    expect(marginPercent(4000, 3000)).toBe(25);
    expect(marginPercent(4400, 3000)).toBe(31.8);
    expect(marginPercent(3000, 3000)).toBe(0);
  });
  it('is negative when selling below cost', () => {
    expect(marginPercent(2500, 3000)).toBe(-20);
  });
  it('is null without a cost or a rate', () => {
    expect(marginPercent(4000, null)).toBeNull();
    expect(marginPercent(0, 3000)).toBeNull();
  });
});
