import { describe, expect, it } from 'vitest';
import { isUtr, UTR_LENGTH } from './utr.js';

describe('isUtr', () => {
  it('is exactly 12 digits', () => {
    expect(UTR_LENGTH).toBe(12);
    expect(isUtr('633012345678')).toBe(true);
    expect(isUtr('63301234567')).toBe(false);
    expect(isUtr('6330123456789')).toBe(false);
    expect(isUtr('63301234567a')).toBe(false);
    expect(isUtr(' 633012345678')).toBe(false);
    expect(isUtr('')).toBe(false);
  });
});
