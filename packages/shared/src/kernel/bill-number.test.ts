import { describe, expect, it } from 'vitest';
import { financialYearOf, formatInvoiceNumber } from './bill-number.js';

describe('financialYearOf', () => {
  it('runs April to March in shop time, whatever the zone of the machine', () => {
    // 31 March 23:59:59 in the shop is still the old year; 1 April 00:00 the new one.
    expect(financialYearOf(new Date('2026-03-31T18:29:59Z'))).toBe('2025-26');
    expect(financialYearOf(new Date('2026-03-31T18:30:00Z'))).toBe('2026-27');
    expect(financialYearOf(new Date('2027-01-15T06:00:00Z'))).toBe('2026-27');
    expect(financialYearOf(new Date('2099-12-31T12:00:00Z'))).toBe('2099-00');
  });
});

describe('formatInvoiceNumber', () => {
  it('writes {series}/{YY-YY}/{000001} in at most 16 characters', () => {
    expect(formatInvoiceNumber('MND', '2026-27', 1)).toBe('MND/26-27/000001');
    expect(formatInvoiceNumber('C1', '2026-27', 42)).toBe('C1/26-27/000042');
    expect(formatInvoiceNumber('ZZZ', '2026-27', 999_999)).toHaveLength(16);
  });
});
