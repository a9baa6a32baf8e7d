import { shopMonthOf } from '@mandi/shared/kernel';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { formatAmount, formatBillDate, formatMonth } from './format';

afterEach(() => setLanguage('en', { remember: false }));

describe('billing formats (shop time, whatever the browser’s zone)', () => {
  it('reads the month in the shop: 31 March 20:00 UTC is already April in Kolkata', () => {
    expect(shopMonthOf(new Date('2027-03-31T18:29:00.000Z'))).toBe('2027-03');
    expect(shopMonthOf(new Date('2027-03-31T18:30:00.000Z'))).toBe('2027-04');
  });

  it('shows an instant on its shop date, and a shop date as it is', () => {
    expect(formatBillDate('2026-11-23T19:00:00.000Z')).toBe('24 Nov 2026');
    expect(formatBillDate('2026-11-03')).toBe('3 Nov 2026');
    expect(formatBillDate('not a date')).toBe('not a date');
  });

  it('writes dates and months in Hindi when Hindi is chosen, in shop time still', async () => {
    await setLanguage('hi', { remember: false });
    expect(formatBillDate('2026-11-23T19:00:00.000Z')).toBe('24 नव॰ 2026');
    expect(formatBillDate('2026-11-03')).toBe('3 नव॰ 2026');
    expect(formatMonth('2026-11')).toBe('नवंबर 2026');
    expect(formatBillDate('not a date')).toBe('not a date');
    await setLanguage('en', { remember: false });
    expect(formatBillDate('2026-11-03')).toBe('3 Nov 2026');
  });

  it('names months and always shows paise in the register', () => {
    expect(formatMonth('2026-11')).toBe('November 2026');
    expect(formatMonth('')).toBe('');
    expect(formatAmount(123456.5)).toBe('₹1,23,456.50');
    expect(formatAmount(0)).toBe('₹0.00');
  });
});
