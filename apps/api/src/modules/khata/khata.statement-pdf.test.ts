/**
 * The khata statement PDF on its own, read back as a person or a screen reader would: the figures
 * in Indian grouping, the particulars of each kind of entry, dates in shop time, English and
 * Hindi; a long statement over numbered pages that repeat the table's header; an empty period.
 */
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text.js';
import { type KhataStatement, type KhataStatementEntry, renderKhataStatementPdf } from './khata.statement-pdf.js';
import { KHATA_STATEMENT_TEXTS_HI } from './khata.statement-pdf.texts.hi.js';
import { KHATA_STATEMENT_TEXTS_EN } from './khata.statement-pdf.texts.js';

/**
 * The statement's text, page by page; ₹ is drawn from the Devanagari font, so a reader splits it
 * from the figure after it: "₹ 1,200.00" reads "₹1,200.00", as printed.
 */
const read = async (pdf: Buffer) => (await pdfText(pdf)).replace(/₹ (?=\d[\d,]*\.\d\d)/g, '₹');

const shop: KhataStatement['shop'] = {
  name: 'Mandi',
  legalName: 'Mandi Fresh Produce Pvt Ltd',
  address: '12, 7th Main, Indiranagar, Bengaluru 560038',
  state: 'Karnataka',
  gstin: '29AAJCM4321F1ZJ',
  upiId: 'mandi@upi',
  fssaiNumber: '11223344556677',
  phone: '+91 80 1234 5678',
  email: 'hello@mandi.example',
};

/** Entries with their running balance from `opening`. */
function withBalances(opening: number, entries: Omit<KhataStatementEntry, 'balanceAfterPaise'>[]) {
  let balance = opening;
  return entries.map((entry) => {
    balance += entry.amountPaise;
    return { ...entry, balanceAfterPaise: balance };
  });
}

const entry = (
  date: string,
  kind: KhataStatementEntry['kind'],
  amountPaise: number,
  more: Partial<KhataStatementEntry> = {},
): Omit<KhataStatementEntry, 'balanceAfterPaise'> => ({
  date: new Date(date),
  kind,
  orderNumber: null,
  invoiceNumber: null,
  method: null,
  reference: null,
  note: '',
  amountPaise,
  ...more,
});

function statement(opening: number, entries: Omit<KhataStatementEntry, 'balanceAfterPaise'>[]): KhataStatement {
  const withBalance = withBalances(opening, entries);
  return {
    shop,
    customer: { name: 'Asha Rao', mobile: '9876543210' },
    from: '2026-11-01',
    to: '2026-11-26',
    openingBalancePaise: opening,
    entries: withBalance,
    closingBalancePaise: withBalance.at(-1)?.balanceAfterPaise ?? opening,
    creditLimitPaise: 2_00_000_00,
    generatedAt: new Date('2026-11-26T13:00:00Z'),
  };
}

/** One of each kind; the bill at 20:00 UTC on 1 Nov is 01:30 on 2 Nov in the shop. */
const month = statement(1_23_456_50, [
  entry('2026-11-01T20:00:00Z', 'bill', 1_042_50, {
    orderNumber: 1042,
    invoiceNumber: 'MANDI/2026-27/000123',
  }),
  entry('2026-11-03T06:00:00Z', 'adjustment', 35_25, { orderNumber: 1042 }),
  entry('2026-11-05T06:00:00Z', 'payment', -500_00, {
    method: 'UPI',
    reference: '412345678901',
    note: 'Paid by her son',
  }),
  entry('2026-11-06T06:00:00Z', 'payment', -1_000_00, { method: 'Cash' }),
  entry('2026-11-07T06:00:00Z', 'bill', 640_00, { orderNumber: 1043, invoiceNumber: 'MANDI/2026-27/000124' }),
  entry('2026-11-08T06:00:00Z', 'reversal', -640_00, { orderNumber: 1043 }),
]);

describe('the statement texts in English and Hindi', () => {
  it('have the same keys and kinds of value, and keep every value they are given', () => {
    expect(Object.keys(KHATA_STATEMENT_TEXTS_HI).sort()).toEqual(Object.keys(KHATA_STATEMENT_TEXTS_EN).sort());
    for (const [key, english] of Object.entries(KHATA_STATEMENT_TEXTS_EN)) {
      const hindi = KHATA_STATEMENT_TEXTS_HI[key as keyof typeof KHATA_STATEMENT_TEXTS_HI];
      expect(typeof hindi, key).toBe(typeof english);
      if (typeof english === 'function') expect((hindi as () => string).length, key).toBe(english.length);
      if (typeof english === 'object') expect(Object.keys(hindi).sort(), key).toEqual(Object.keys(english).sort());
    }
    const samples = ['Asha Rao', '#1042', '23 Nov 2026'];
    for (const texts of [KHATA_STATEMENT_TEXTS_EN, KHATA_STATEMENT_TEXTS_HI]) {
      for (const [key, value] of Object.entries(texts)) {
        if (typeof value !== 'function') continue;
        const args = samples.slice(0, value.length);
        const text = (value as (...values: string[]) => string)(...args);
        for (const arg of args) expect(text, key).toContain(arg);
      }
    }
    for (const [key, value] of Object.entries(KHATA_STATEMENT_TEXTS_HI)) {
      if (typeof value === 'string') expect(value, key).toMatch(/[\u0900-\u097F]/);
    }
  });
});

describe('a month of khata in English', () => {
  it('prints the shop, the customer, every entry in its words and the balances in Indian grouping', async () => {
    const pages = (await read(await renderKhataStatementPdf(month, 'en'))).split('\n');
    expect(pages).toHaveLength(1);
    const [page = ''] = pages;
    expect(page).toMatch(/^Khata statement Mandi Mandi Fresh Produce Pvt Ltd /);
    expect(page).toContain('GSTIN: 29AAJCM4321F1ZJ');
    expect(page).toContain('FSSAI Lic. No.: 11223344556677');
    expect(page).toContain('Asha Rao');
    expect(page).toContain('Mobile: 9876543210');
    expect(page).toMatch(/Period:\s*01 Nov 2026 to 26 Nov 2026/);
    expect(page).toMatch(/Credit limit:\s*₹2,00,000.00/);
    expect(page).toContain('Date Particulars Debit ₹ Credit ₹ Balance ₹');
    expect(page).toContain('01 Nov 2026 Opening balance 1,23,456.50 Dr');
    // The bill at 20:00 UTC on 1 Nov belongs to 2 Nov in the shop.
    expect(page).toContain('02 Nov 2026 Bill #1042 (MANDI/2026-27/000123) 1,042.50 1,24,499.00 Dr');
    expect(page).toContain('03 Nov 2026 Adjustment: order #1042 repacked 35.25 1,24,534.25 Dr');
    expect(page).toContain('05 Nov 2026 Payment by UPI (ref 412345678901) Paid by her son 500.00 1,24,034.25 Dr');
    expect(page).toContain('06 Nov 2026 Payment by Cash 1,000.00 1,23,034.25 Dr');
    expect(page).toContain('08 Nov 2026 Reversal: order #1043 cancelled 640.00 1,23,034.25 Dr');
    // Opening + debits - credits = closing.
    expect(page).toContain('Total for the period 1,717.75 2,140.00 1,23,034.25 Dr');
    expect(1_23_456_50 + 1_717_75 - 2_140_00).toBe(month.closingBalancePaise);
    expect(page).toMatch(/Balance due ₹1,23,034.25/);
    expect(page).toContain('This is a computer-generated document');
    expect(page).toMatch(/Page 1 of 1$/);
  });

  it('names an advance as one, and a closed khata as closed', async () => {
    const advance = {
      ...statement(300_00, [entry('2026-11-10T06:00:00Z', 'payment', -800_00, { method: 'Cash' })]),
      creditLimitPaise: null,
    };
    const page = await read(await renderKhataStatementPdf(advance, 'en'));
    expect(page).toContain('10 Nov 2026 Payment by Cash 800.00 500.00 Cr');
    expect(page).toMatch(/Advance ₹500.00/);
    expect(page).not.toContain('Balance due');
    expect(page).toMatch(/Credit limit:\s*Khata closed/);
  });
});

describe('a month of khata in Hindi', () => {
  it('prints the same figures under the Hindi texts', async () => {
    const pages = (await read(await renderKhataStatementPdf(month, 'hi'))).split('\n');
    expect(pages).toHaveLength(1);
    const [page = ''] = pages;
    expect(page).toMatch(/^खाता विवरण Mandi /);
    expect(page).toMatch(/अवधि\s?:\s*01 नवंबर 2026 से 26 नवंबर 2026 तक/);
    expect(page).toContain('01 नवंबर 2026 प्रारंभिक शेष 1,23,456.50 नामे');
    expect(page).toContain('02 नवंबर 2026 बिल #1042 (MANDI/2026-27/000123) 1,042.50 1,24,499.00 नामे');
    expect(page).toContain('UPI द्वारा भुगतान ( संदर्भ 412345678901)');
    expect(page).toContain('नकद द्वारा भुगतान 1,000.00 1,23,034.25 नामे');
    expect(page).toContain('वापसी : ऑर्डर #1043 रद्द');
    expect(page).toContain('1,717.75 2,140.00 1,23,034.25 नामे');
    expect(page).toMatch(/बकाया राशि ₹1,23,034.25/);
    expect(page).toContain('यह कंप्यूटर द्वारा बनाया गया दस्तावेज़ है');
    expect(page).toMatch(/पृष्ठ 1 \/ 1$/);
  });
});

describe('a statement of 200 entries', () => {
  const kinds = ['bill', 'payment', 'adjustment', 'reversal'] as const;
  const long = statement(
    0,
    Array.from({ length: 200 }, (_, i) => {
      const kind = kinds[i % 4] ?? 'bill';
      const day = `2026-11-${String(1 + Math.floor(i / 8)).padStart(2, '0')}T06:00:00Z`;
      return entry(
        day,
        kind,
        kind === 'bill' ? 1_000_00 + i : kind === 'payment' ? -400_00 : kind === 'adjustment' ? 25_00 : -300_00,
        {
          orderNumber: kind === 'payment' ? null : 2000 + i,
          invoiceNumber: kind === 'bill' ? `MANDI/2026-27/${String(500 + i).padStart(6, '0')}` : null,
          method: kind === 'payment' ? 'Cash' : null,
        },
      );
    }),
  );

  it('runs over numbered pages that name the statement and repeat the header, and adds up', async () => {
    const pages = (await read(await renderKhataStatementPdf(long, 'en'))).split('\n');
    expect(pages.length).toBeGreaterThan(3);
    pages.forEach((page, i) => {
      expect(page, `page ${i + 1}`).toContain('Date Particulars Debit ₹ Credit ₹ Balance ₹');
      expect(page, `page ${i + 1}`).toMatch(new RegExp(`Page ${i + 1} of ${pages.length}$`));
      if (i > 0) {
        expect(page).toMatch(/^Khata statement, Asha Rao, 01 Nov 2026 to 26 Nov 2026 \(continued\)/);
      }
    });
    const all = pages.join(' ');
    for (let i = 0; i < 200; i += 4)
      expect(all).toContain(`Bill #${2000 + i} (MANDI/2026-27/${String(500 + i).padStart(6, '0')})`);
    expect(all.match(/Payment by Cash/g)).toHaveLength(50);
    expect(all.match(/Total for the period/g)).toHaveLength(1);
    const debits = 50 * 1_000_00 + (0 + 196) * 25 + 50 * 25_00;
    const credits = 50 * 400_00 + 50 * 300_00;
    expect(long.closingBalancePaise).toBe(debits - credits);
    expect(all).toContain('Total for the period 51,299.00 35,000.00 16,299.00 Dr');
    expect(all.match(/Balance due ₹16,299.00/g)).toHaveLength(1);
  });

  it('pages in Hindi as well', async () => {
    const pages = (await read(await renderKhataStatementPdf(long, 'hi'))).split('\n');
    expect(pages.length).toBeGreaterThan(3);
    pages.forEach((page, i) => {
      expect(page).toMatch(new RegExp(`पृष्ठ ${i + 1} / ${pages.length}$`));
      if (i > 0) expect(page).toMatch(/^खाता विवरण\s?, Asha Rao, 01 नवंबर 2026 से 26 नवंबर 2026 तक \( जारी \)/);
    });
    expect(pages.join(' ').match(/बकाया राशि ₹16,299.00/g)).toHaveLength(1);
  });
});

describe('an empty period', () => {
  it('says so, and carries the opening balance through', async () => {
    const empty = { ...statement(2_500_00, []), customer: { name: 'Ravi Kumar', mobile: null } };
    const pages = (await read(await renderKhataStatementPdf(empty, 'en'))).split('\n');
    expect(pages).toHaveLength(1);
    const [page = ''] = pages;
    expect(page).toContain('01 Nov 2026 Opening balance 2,500.00 Dr No entries in this period');
    expect(page).toContain('Total for the period 0.00 0.00 2,500.00 Dr');
    expect(page).toMatch(/Balance due ₹2,500.00/);
    expect(page).not.toContain('Mobile:');
    const hindi = await read(await renderKhataStatementPdf(empty, 'hi'));
    // pdf.js parts कोई at its independent vowel (poppler's pdftotext reads it whole).
    expect(hindi).toMatch(/इस अवधि में को\s?ई प्रविष्टि नहीं/);
  });
});
