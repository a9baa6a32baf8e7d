/** The bill's pure rules: numbers, kinds, tax taken out of inclusive prices to the paisa, words, UPI. */
import { formatIndianAmount, gstinCheckCharacter } from '@mandi/shared/kernel';
import { describe, expect, it } from 'vitest';
import { canonicalStateName, gstinProblem, stateOfPinCode } from '../../lib/gst-states.js';
import {
  amountInHindiWords,
  amountInWords,
  type BillAdjustment,
  type BillLineInput,
  billKind,
  computeBill,
  financialYearOf,
  formatInvoiceNumber,
  invoiceFileName,
  isUtr,
  numberInHindiWords,
  principalSupply,
  shopMonthRange,
  taxableValuePaise,
  upiUrl,
} from './billing.rules.js';

const line = (amountPaise: number, gstRate: number, hsnCode = gstRate ? '0405' : '0709'): BillLineInput => ({
  description: `Item at ${gstRate}%`,
  hsnCode,
  gstRate,
  grams: 1000,
  ratePaise: amountPaise,
  amountPaise,
});

/** The order's delivery fee adjustment as billing reads it (none at 0). */
const deliveryFee = (amountPaise: number): BillAdjustment[] =>
  amountPaise === 0
    ? []
    : [{ source: 'delivery', kind: 'fee', label: 'Delivery charge', amountPaise, taxTreatment: 'principal-supply' }];

describe('financial year and number', () => {
  it('turns on 1 April 00:00 shop time, whatever the process TZ', () => {
    const original = process.env.TZ;
    try {
      for (const tz of ['UTC', 'America/New_York', 'Pacific/Auckland']) {
        process.env.TZ = tz;
        // 31 March 23:59 and 1 April 00:00 in Kolkata are 18:29 and 18:30 UTC on 31 March.
        expect(financialYearOf(new Date('2026-03-31T18:29:59Z'))).toBe('2025-26');
        expect(financialYearOf(new Date('2026-03-31T18:30:00Z'))).toBe('2026-27');
      }
    } finally {
      if (original === undefined) delete process.env.TZ;
      else process.env.TZ = original;
    }
    expect(financialYearOf(new Date('2099-12-31T12:00:00Z'))).toBe('2099-00');
  });

  it('formats {series}/{YY-YY}/{000001} in at most 16 characters, and a safe file name', () => {
    expect(formatInvoiceNumber('MND', '2026-27', 1)).toBe('MND/26-27/000001');
    expect(formatInvoiceNumber('C1', '2099-00', 123456)).toBe('C1/99-00/123456');
    // The longest series and sequence fit CGST rule 46(b).
    expect(formatInvoiceNumber('ZZZ', '2026-27', 999_999)).toHaveLength(16);
    expect(invoiceFileName('MND/26-27/000042')).toBe('MND-26-27-000042.pdf');
    // Numbers issued before decision 0055 keep their form and their file name.
    expect(invoiceFileName('MANDI/2026-27/000042')).toBe('MANDI-2026-27-000042.pdf');
  });
});

describe('document kind', () => {
  it('is a Bill of Supply without GSTIN or without a taxed line, a Tax Invoice when all are taxed, mixed otherwise', () => {
    expect(billKind(false, [5, 18])).toBe('Bill of Supply');
    expect(billKind(true, [0, 0])).toBe('Bill of Supply');
    expect(billKind(true, [5, 12])).toBe('Tax Invoice');
    expect(billKind(true, [0, 5])).toBe('Invoice-cum-Bill of Supply');
  });
});

describe('tax out of GST-inclusive amounts', () => {
  it('rounds the taxable value half up and leaves the rest as tax', () => {
    expect(taxableValuePaise(10_500, 5)).toBe(10_000);
    expect(taxableValuePaise(100, 5)).toBe(95); // 95.238
    expect(taxableValuePaise(1, 5)).toBe(1); // 0.952
    expect(taxableValuePaise(21, 5)).toBe(20);
    expect(taxableValuePaise(59, 18)).toBe(50);
    expect(taxableValuePaise(1234, 0)).toBe(1234);
    // Exactly half a paisa rounds up: 14 × 100 / 112 = 12.5.
    expect(taxableValuePaise(14, 12)).toBe(13);
    expect(taxableValuePaise(1071, 5)).toBe(1020); // 1020.0
    expect(taxableValuePaise(1072, 5)).toBe(1021); // 1020.95
  });

  it('adds up to the amount due to the paisa on an awkward basket of many 5% and 0% lines', () => {
    const lines: BillLineInput[] = [];
    // Amounts chosen for odd remainders: 1, 3, 7, 11 ... paise, and the largest a line can be.
    for (let i = 0; i < 40; i += 1) lines.push(line(1 + i * 137 + (i % 7), i % 3 === 0 ? 0 : 5));
    lines.push(line(99_999_99, 5), line(1, 5), line(3, 0));
    const bill = computeBill({
      lines,
      adjustments: deliveryFee(4_999),
      pinCode: '560034',
      shopState: 'Karnataka',
      isRegistered: true,
    });
    const due = lines.reduce((sum, l) => sum + l.amountPaise, 0) + 4_999;
    expect(bill.totalPaise).toBe(due);
    expect(bill.taxablePaise + bill.taxPaise).toBe(due);
    expect(bill.cgstPaise + bill.sgstPaise).toBe(bill.taxPaise);
    expect(bill.igstPaise).toBe(0);
    for (const l of bill.lines) {
      expect(l.taxablePaise + l.taxPaise).toBe(l.amountPaise);
      expect(l.cgstPaise + l.sgstPaise).toBe(l.taxPaise);
      expect(l.cgstPaise - l.sgstPaise).toBeGreaterThanOrEqual(0);
      expect(l.cgstPaise - l.sgstPaise).toBeLessThanOrEqual(1);
    }
    const byRate = bill.taxByRate.reduce((sum, r) => sum + r.taxablePaise + r.taxPaise, 0);
    expect(byRate).toBe(due);
    expect(bill.taxByRate.map((r) => r.rate)).toEqual([0, 5]);
    expect(bill.kind).toBe('Invoice-cum-Bill of Supply');
  });

  it('splits CGST and SGST in state, the odd paisa to CGST; IGST out of state', () => {
    const inState = computeBill({
      lines: [line(10_521, 5)],
      adjustments: deliveryFee(0),
      pinCode: '560011',
      shopState: 'Karnataka',
      isRegistered: true,
    });
    expect(inState.isInState).toBe(true);
    expect(inState.placeOfSupply).toBe('Karnataka');
    // 10521 × 100 / 105 = 10020 taxable, 501 tax: 251 CGST + 250 SGST.
    expect(inState.lines[0]).toMatchObject({
      taxablePaise: 10_020,
      taxPaise: 501,
      cgstPaise: 251,
      sgstPaise: 250,
      igstPaise: 0,
    });

    const outOfState = computeBill({
      lines: [line(10_521, 5)],
      adjustments: deliveryFee(0),
      pinCode: '411038',
      shopState: 'Karnataka',
      isRegistered: true,
    });
    expect(outOfState.isInState).toBe(false);
    expect(outOfState.placeOfSupply).toBe('Maharashtra');
    expect(outOfState.lines[0]).toMatchObject({ taxPaise: 501, cgstPaise: 0, sgstPaise: 0, igstPaise: 501 });
    expect(outOfState.kind).toBe('Tax Invoice');
  });

  it('charges no tax when the shop is not registered', () => {
    const bill = computeBill({
      lines: [line(10_500, 5), line(500, 0)],
      adjustments: deliveryFee(3_000),
      pinCode: '560011',
      shopState: 'Karnataka',
      isRegistered: false,
    });
    expect(bill.kind).toBe('Bill of Supply');
    expect(bill.taxPaise).toBe(0);
    expect(bill.taxablePaise).toBe(14_000);
    expect(bill.lines.every((l) => l.gstRate === 0)).toBe(true);
  });

  it('prints the delivery charge as its own line at the rate of the principal supply', () => {
    expect(principalSupply([line(500, 0), line(600, 5)])).toEqual({ gstRate: 5, hsnCode: '0405' });
    expect(principalSupply([line(700, 0), line(600, 5)])).toEqual({ gstRate: 0, hsnCode: '0709' });
    // A tie goes to the higher rate.
    expect(principalSupply([line(600, 0), line(600, 5)]).gstRate).toBe(5);

    const produce = computeBill({
      lines: [line(9_000, 0), line(1_000, 5)],
      adjustments: deliveryFee(3_000),
      pinCode: '560011',
      shopState: 'Karnataka',
      isRegistered: true,
    });
    const delivery = produce.lines.at(-1);
    expect(delivery).toMatchObject({
      description: 'Delivery charge',
      gstRate: 0,
      taxPaise: 0,
      amountPaise: 3_000,
      grams: null,
    });
    expect(produce.totalPaise).toBe(13_000);

    const ghee = computeBill({
      lines: [line(70_000, 5)],
      adjustments: deliveryFee(4_900),
      pinCode: '560011',
      shopState: 'Karnataka',
      isRegistered: true,
    });
    expect(ghee.lines.at(-1)).toMatchObject({
      description: 'Delivery charge',
      gstRate: 5,
      taxablePaise: 4_667,
      taxPaise: 233,
    });
    expect(ghee.kind).toBe('Tax Invoice');
  });
});

describe('amount in words, Indian style', () => {
  it.each([
    [0, 'Rupees Zero Only'],
    [100, 'Rupees One Only'],
    [1_05, 'Rupees One and Five Paise Only'],
    [1_234_50, 'Rupees One Thousand Two Hundred Thirty-Four and Fifty Paise Only'],
    [1_00_000_00, 'Rupees One Lakh Only'],
    [12_34_567_89, 'Rupees Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven and Eighty-Nine Paise Only'],
    [2_03_00_019_01, 'Rupees Two Crore Three Lakh Nineteen and One Paise Only'],
  ])('%i paise', (paise, words) => {
    expect(amountInWords(paise)).toBe(words);
  });

  it('groups digits the Indian way', () => {
    expect(formatIndianAmount(12_34_567_89)).toBe('12,34,567.89');
    expect(formatIndianAmount(999_00)).toBe('999.00');
    expect(formatIndianAmount(1_000_00)).toBe('1,000.00');
  });
});

describe('the amount in Hindi words', () => {
  it.each([
    [0, 'शून्य रुपये मात्र'],
    [1_00, 'एक रुपया मात्र'],
    [11_00, 'ग्यारह रुपये मात्र'],
    [99_00, 'निन्यानबे रुपये मात्र'],
    [100_00, 'एक सौ रुपये मात्र'],
    [1_235_50, 'एक हज़ार दो सौ पैंतीस रुपये और पचास पैसे मात्र'],
    [1, 'शून्य रुपये और एक पैसा मात्र'],
    [1_00_000_00, 'एक लाख रुपये मात्र'],
    [12_34_56_789_05, 'बारह करोड़ चौंतीस लाख छप्पन हज़ार सात सौ नवासी रुपये और पाँच पैसे मात्र'],
    [100_00_00_000_00, 'एक सौ करोड़ रुपये मात्र'],
    [2_03_00_019_01, 'दो करोड़ तीन लाख उन्नीस रुपये और एक पैसा मात्र'],
  ])('%i paise', (paise, words) => {
    expect(amountInHindiWords(paise)).toBe(words.normalize('NFC'));
  });

  it('has a word of its own for each of 0..99, none repeated', () => {
    const words = Array.from({ length: 100 }, (_, n) => numberInHindiWords(n));
    expect(new Set(words).size).toBe(100);
    expect(words.slice(20, 23)).toEqual(['बीस', 'इक्कीस', 'बाईस']);
    expect(words[35]).toBe('पैंतीस');
  });
});

describe('UPI', () => {
  it('builds the NPCI link with every value URL-encoded and the amount to 2 decimals', () => {
    expect(upiUrl({ upiId: 'mandi.fresh@okaxis', name: 'Mandi Fresh & Co' }, 104_114, 'MANDI/2026-27/000043')).toBe(
      'upi://pay?pa=mandi.fresh%40okaxis&pn=Mandi%20Fresh%20%26%20Co&am=1041.14&cu=INR&tn=MANDI%2F2026-27%2F000043',
    );
    expect(upiUrl({ upiId: 'a@b', name: 'A' }, 5000, 'x')).toContain('am=50.00');
  });

  it('knows a UTR: 12 digits', () => {
    expect(isUtr('633012345678')).toBe(true);
    expect(isUtr('63301234567')).toBe(false);
    expect(isUtr('63301234567a')).toBe(false);
  });
});

describe('states, PIN codes and GSTIN', () => {
  it("finds the delivery state from India Post's circles and districts", () => {
    expect(stateOfPinCode('560034')).toBe('Karnataka');
    expect(stateOfPinCode('110001')).toBe('Delhi');
    expect(stateOfPinCode('403001')).toBe('Goa');
    expect(stateOfPinCode('500001')).toBe('Telangana');
    expect(stateOfPinCode('520001')).toBe('Andhra Pradesh');
    expect(stateOfPinCode('834001')).toBe('Jharkhand');
    expect(stateOfPinCode('248001')).toBe('Uttarakhand');
    expect(stateOfPinCode('605001')).toBe('Puducherry');
    expect(stateOfPinCode('990001')).toBeNull();
    expect(stateOfPinCode('12345')).toBeNull();
  });

  it('accepts state names in any case, with & for and', () => {
    expect(canonicalStateName('tamil nadu')).toBe('Tamil Nadu');
    expect(canonicalStateName('Jammu & Kashmir')).toBe('Jammu and Kashmir');
    expect(canonicalStateName('Atlantis')).toBeUndefined();
  });

  it("checks a GSTIN's format, state code and mod-36 check character", () => {
    // The GSTN's published example.
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(gstinProblem('27AAPFU0939F1ZV', 'Maharashtra')).toBeNull();
    expect(gstinProblem('27AAPFU0939F1ZW', 'Maharashtra')).toContain('check character');
    expect(gstinProblem('27AAPFU0939F1ZV', 'Karnataka')).toContain('state code 27');
    expect(gstinProblem('27AAPFU0939F1Z', 'Maharashtra')).toContain('15 characters');
  });
});

describe('shop months', () => {
  it('spans a calendar month in Kolkata time', () => {
    expect(shopMonthRange('2026-03')).toEqual({
      from: new Date('2026-02-28T18:30:00Z'),
      to: new Date('2026-03-31T18:30:00Z'),
    });
    expect(shopMonthRange('2026-12').to).toEqual(new Date('2026-12-31T18:30:00Z'));
  });
});
