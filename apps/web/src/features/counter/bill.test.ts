/**
 * The counter's pure rules: the keypad's limits (count units 1-500 whole, kg/litre 0.001-50), the
 * ₹ mode's quantity to the gram, one line per product, the total rounded as the server rounds it,
 * split tenders and their change, and the sale's request in ₹ and the product's unit.
 */
import { quantityNumber, type Unit } from '@mandi/shared/kernel';
import { describe, expect, it } from 'vitest';
import { addToLines, type Bill, type BillLine, billPayment, billTotals, rateAt, saleDraft, saleLines } from './bill';
import { counterTexts as x } from './counter.texts';
import { pressKey, readKeypad } from './keypad';
import { readTender } from './tender';

const words = {
  quantity: (unit: Unit, thousandths: number) => `${quantityNumber(thousandths)} ${unit}`,
  unit: (unit: Unit) => unit,
};
const typeKeys = (keys: string, mode: 'quantity' | 'rupees', unit: Unit | null) =>
  [...keys].reduce((entry, key) => pressKey(entry, key === '<' ? 'Backspace' : key, mode, unit), '');

const dhaniya = { productId: 'p-dhaniya', name: 'Coriander', nameHi: 'धनिया', unit: 'kg' as const, ratePaise: 13_000 };
const tomato = { productId: 'p-tomato', name: 'Tomato', nameHi: 'टमाटर', unit: 'kg' as const, ratePaise: 4_000 };
const banana = { productId: 'p-banana', name: 'Banana', nameHi: 'केला', unit: 'dozen' as const, ratePaise: 6_000 };

describe('the keypad', () => {
  it('types at most 3 decimals of a kg, none of a count, and no more digits than the limits allow', () => {
    expect(typeKeys('1.2505', 'quantity', 'kg')).toBe('1.250');
    expect(typeKeys('123', 'quantity', 'kg')).toBe('12');
    expect(typeKeys('007', 'quantity', 'kg')).toBe('7');
    expect(typeKeys('.5', 'quantity', 'litre')).toBe('0.5');
    expect(typeKeys('1.5', 'quantity', 'piece')).toBe('15');
    expect(typeKeys('5000', 'quantity', 'dozen')).toBe('500');
    expect(typeKeys('12.345', 'rupees', 'kg')).toBe('12.34');
    expect(typeKeys('12<<3', 'quantity', 'kg')).toBe('3');
    expect(pressKey('1', 'x', 'quantity', 'kg')).toBe('1');
  });

  it('reads a quantity within the counter’s limits', () => {
    expect(readKeypad('1.25', 'quantity', tomato, words)).toEqual({
      kind: 'line',
      thousandths: 1250,
      amountPaise: 5000,
    });
    expect(readKeypad('0.001', 'quantity', tomato, words)).toMatchObject({ kind: 'line', thousandths: 1 });
    expect(readKeypad('50', 'quantity', tomato, words)).toMatchObject({ kind: 'line', thousandths: 50_000 });
    expect(readKeypad('50.001', 'quantity', tomato, words)).toEqual({
      kind: 'problem',
      problem: x.measuredLimits,
      values: { unit: 'kg' },
    });
    expect(readKeypad('0', 'quantity', tomato, words)).toMatchObject({ kind: 'problem', problem: x.measuredLimits });
    expect(readKeypad('', 'quantity', tomato, words)).toEqual({ kind: 'empty' });
  });

  it('takes counted units as whole numbers from 1 to 500, one when nothing is typed', () => {
    expect(readKeypad('', 'quantity', banana, words)).toEqual({ kind: 'line', thousandths: 1000, amountPaise: 6000 });
    expect(readKeypad('500', 'quantity', banana, words)).toMatchObject({ kind: 'line', thousandths: 500_000 });
    expect(readKeypad('501', 'quantity', banana, words)).toEqual({ kind: 'problem', problem: x.wholeNumbers });
    expect(readKeypad('1.5', 'quantity', banana, words)).toEqual({ kind: 'problem', problem: x.wholeNumbers });
    expect(readKeypad('0', 'quantity', banana, words)).toEqual({ kind: 'problem', problem: x.wholeNumbers });
  });

  it('in ₹ mode gives the quantity worth the amount, to the gram, with the amount it is billed at', () => {
    // ₹20 of dhaniya at ₹130/kg: 153.8 g, so 154 g, billed ₹20.02.
    expect(readKeypad('20', 'rupees', dhaniya, words)).toEqual({ kind: 'line', thousandths: 154, amountPaise: 2002 });
    expect(readKeypad('50', 'rupees', tomato, words)).toEqual({ kind: 'line', thousandths: 1250, amountPaise: 5000 });
    expect(readKeypad('0', 'rupees', tomato, words)).toEqual({ kind: 'problem', problem: x.amountNotPositive });
    expect(readKeypad('2001', 'rupees', tomato, words)).toEqual({
      kind: 'problem',
      problem: x.worthOutOfLimits,
      values: { amount: '₹2001', quantity: '50.025 kg', unit: 'kg' },
    });
  });
});

describe('the bill', () => {
  it('keeps one line per product, adding to it up to the line’s limit', () => {
    const first = addToLines([], tomato, 1_000);
    if (!('lines' in first)) throw new Error('not added');
    const second = addToLines(first.lines, tomato, 500);
    expect(second).toEqual({ lines: [{ ...tomato, thousandths: 1_500, source: 'manual' }] });
    expect(addToLines([{ ...tomato, thousandths: 49_000 }], tomato, 2_000)).toEqual({ tooMuch: 50_000 });
  });

  it('says how each line was taken: the scale, a label, or typed when the two are mixed', () => {
    const weighed = addToLines([], tomato, 1_234, 'scale');
    if (!('lines' in weighed)) throw new Error('not added');
    const scanned = addToLines(weighed.lines, dhaniya, 250, 'barcode');
    if (!('lines' in scanned)) throw new Error('not added');
    expect(saleLines(scanned.lines)).toEqual([
      { productId: tomato.productId, quantity: 1.234, source: 'scale' },
      { productId: dhaniya.productId, quantity: 0.25, source: 'barcode' },
    ]);
    const mixed = addToLines(scanned.lines, tomato, 100, 'manual');
    if (!('lines' in mixed)) throw new Error('not added');
    expect(saleLines(mixed.lines)[0]).toEqual({ productId: tomato.productId, quantity: 1.334, source: 'manual' });
    // A line kept before the scale came (no source) is a typed one.
    expect(saleLines([{ ...tomato, thousandths: 500 }])[0]?.source).toBe('manual');
  });

  it('totals the lines rounded to the rupee, half up, as the final bill', () => {
    const lines: BillLine[] = [
      { ...dhaniya, thousandths: 154 },
      { ...tomato, thousandths: 1_250 },
    ];
    expect(billTotals(lines)).toMatchObject({ subtotalPaise: 7002, roundOffPaise: -2, totalPaise: 7000 });
    expect(billTotals([{ ...dhaniya, thousandths: 350 }])).toMatchObject({
      subtotalPaise: 4550,
      roundOffPaise: 50,
      totalPaise: 4600,
    });
  });
});

describe('tenders', () => {
  const money = (paise: number) => `₹${paise / 100}`;
  const online = { duePaise: 25_000, khataAvailablePaise: null, isOnline: true, money };

  it('split a bill: UPI for part, then cash for the rest with the change', () => {
    const upi = readTender('UPI', '200', '', online);
    expect(upi).toEqual({ kind: 'tender', tender: { method: 'UPI', amountPaise: 20_000 }, isOverKhata: false });
    const cash = readTender('Cash', '50', '100', { ...online, duePaise: 5_000 });
    expect(cash).toEqual({
      kind: 'tender',
      tender: { method: 'Cash', amountPaise: 5_000, receivedPaise: 10_000 },
      isOverKhata: false,
    });
    if (upi.kind !== 'tender' || cash.kind !== 'tender') throw new Error('not tenders');
    const bill: Bill = {
      lines: [{ ...tomato, thousandths: 6_250 }],
      customerId: null,
      tenders: [upi.tender, cash.tender],
    };
    expect(billPayment(bill)).toEqual({ totalPaise: 25_000, duePaise: 0, changePaise: 5_000 });
    expect(saleDraft(bill, new Date('2026-11-26T06:30:00.000Z'), false)).toEqual({
      soldAt: '2026-11-26T06:30:00.000Z',
      offline: false,
      customerId: null,
      lines: [{ productId: 'p-tomato', quantity: 6.25, source: 'manual' }],
      tenders: [
        { method: 'UPI', amount: 200 },
        { method: 'Cash', amount: 50, received: 100 },
      ],
    });
  });

  it('refuse more than is due, cash received short of the amount, and amounts not in paise', () => {
    expect(readTender('UPI', '250.01', '', online)).toEqual({
      kind: 'problem',
      problem: x.amountAboveDue,
      values: { due: '₹250' },
    });
    expect(readTender('Cash', '250', '200', online)).toMatchObject({ kind: 'problem', problem: x.receivedBelow });
    expect(readTender('Cash', '12.345', '', online)).toMatchObject({ kind: 'problem', problem: x.amountNotPositive });
    expect(readTender('Cash', '0', '', online)).toMatchObject({ kind: 'problem', problem: x.amountNotPositive });
  });

  it('put the khata within its available online, and past it offline (the server marks it over the limit)', () => {
    expect(readTender('Khata', '100', '', online)).toMatchObject({ kind: 'problem', problem: x.khataNeedsCustomer });
    const withKhata = { ...online, khataAvailablePaise: 15_000 };
    expect(readTender('Khata', '150', '', withKhata)).toMatchObject({ kind: 'tender', isOverKhata: false });
    expect(readTender('Khata', '150.50', '', withKhata)).toMatchObject({ kind: 'problem', problem: x.khataAbove });
    expect(readTender('Khata', '200', '', { ...withKhata, isOnline: false })).toEqual({
      kind: 'tender',
      tender: { method: 'Khata', amountPaise: 20_000 },
      isOverKhata: true,
    });
  });
});

describe('the rate of a kept product', () => {
  const kept = { rate: 40, scheduled: { rate: 44, at: '2026-11-24T00:30:00.000Z' } };
  it('is the scheduled rate once its time has come, as the server prices the sale', () => {
    expect(rateAt(kept, new Date('2026-11-24T00:29:59.999Z'))).toBe(40);
    expect(rateAt(kept, new Date('2026-11-24T00:30:00.000Z'))).toBe(44);
    expect(rateAt({ rate: 40, scheduled: null }, new Date())).toBe(40);
  });
});
