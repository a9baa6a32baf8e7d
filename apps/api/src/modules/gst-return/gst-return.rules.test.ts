/** GSTR-1's pure rules (decision 0037): the warnings the HTTP tests do not reach. */
import { describe, expect, it } from 'vitest';
import { billList, buildGstr1, isPortalHsn, type ReturnBill } from './gst-return.rules.js';

const line = (overrides: Partial<ReturnBill['figures']['lines'][number]> = {}) => ({
  description: 'Desi Cow Ghee',
  hsnCode: '0405',
  gstRate: 5,
  grams: 1000,
  unit: 'kg',
  taxablePaise: 10_000_000,
  cgstPaise: 0,
  sgstPaise: 0,
  igstPaise: 500_000,
  ...overrides,
});

const bill = (seq: number, figures: Partial<ReturnBill['figures']> = {}, prefix = 'MANDI/2026-27'): ReturnBill => ({
  invoiceNumber: `${prefix}/${String(seq).padStart(6, '0')}`,
  invoiceSeq: seq,
  isCancelled: false,
  figures: { isInState: false, placeOfSupply: 'Maharashtra', totalPaise: 10_500_000, lines: [line()], ...figures },
});

describe('GSTR-1 rules', () => {
  it('takes 4, 6 or 8 digit HSN codes only', () => {
    expect(['0702', '070200', '07020000'].every(isPortalHsn)).toBe(true);
    expect(['07', '07020', '0702000', '', '07 02', '070200001'].some(isPortalHsn)).toBe(false);
  });

  it('lists five bills at most in a message', () => {
    expect(billList(['A', 'B'])).toBe('A, B');
    expect(billList(['1', '2', '3', '4', '5', '6', '7'])).toBe('1, 2, 3, 4, 5 and 2 more');
  });

  it('warns of an inter-state bill above ₹1,00,000, an unknown place of supply and numbers over 16 characters', () => {
    const built = buildGstr1({
      gstin: '29AAJCM4321F1ZJ',
      period: '112026',
      shopStateCode: '29',
      bills: [
        bill(1),
        bill(2, { placeOfSupply: null, totalPaise: 5000, lines: [line({ taxablePaise: 4762, igstPaise: 238 })] }),
      ],
      seqBefore: new Map(),
    });
    expect(built.warnings.map((warning) => [warning.code, warning.values])).toEqual([
      ['gstB2clBill', { bill: 'MANDI/2026-27/000001' }],
      ['gstPlaceUnknown', { bills: 'MANDI/2026-27/000002' }],
      ['gstNumberTooLong', { number: 'MANDI/2026-27/000001', length: 20 }],
    ]);
    // The unknown place is reported as 97 (Other Territory), still inter-state, so the sums stay whole.
    expect(built.file.b2cs.map((row) => [row.sply_ty, row.pos, row.txval, row.iamt])).toEqual([
      ['INTER', '27', 100000, 5000],
      ['INTER', '97', 47.62, 2.38],
    ]);
    expect(built.totals.txval).toBe(10_004_762);
  });

  it('gives a delivery line (no quantity) to its HSN row, or a row of its own', () => {
    const built = buildGstr1({
      gstin: '29AAJCM4321F1ZJ',
      period: '112026',
      shopStateCode: '29',
      bills: [
        bill(1, {
          isInState: true,
          placeOfSupply: 'Karnataka',
          totalPaise: 4000,
          lines: [
            line({ gstRate: 0, hsnCode: '0702', taxablePaise: 1000, igstPaise: 0 }),
            line({ gstRate: 0, hsnCode: '0702', grams: null, taxablePaise: 3000, igstPaise: 0 }),
            line({ gstRate: 0, hsnCode: '0709', grams: null, taxablePaise: 500, igstPaise: 0 }),
          ],
        }),
      ],
      seqBefore: new Map([['MANDI/2026-27', 0]]),
    });
    expect(built.file.hsn.hsn_b2c.map((row) => [row.hsn_sc, row.uqc, row.qty, row.txval])).toEqual([
      ['0702', 'KGS', 1, 40],
      ['0709', 'OTH', 0, 5],
    ]);
    expect(built.file.nil.inv).toEqual([{ sply_ty: 'INTRAB2C', nil_amt: 0, expt_amt: 45, ngsup_amt: 0 }]);
  });
});
