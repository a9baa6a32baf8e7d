/**
 * The khata statement's fixed texts in English: the Hindi table beside it
 * (`khata.statement-pdf.texts.hi.ts`) has the same keys, which a test checks. Texts with values are
 * functions of those values; figures and dates are formatted before they get here. The seller's
 * lines, the payment methods and the computer-generated note are the bill's own texts.
 */
import type { KhataEntryKind } from '@mandi/shared';

export interface KhataStatementTexts {
  title: string;
  /** The first line of a further page. */
  continued: (title: string, customer: string, period: string) => string;
  statementFor: string;
  mobile: (mobile: string) => string;
  period: string;
  /** Both dates included. */
  periodRange: (from: string, to: string) => string;
  generated: string;
  creditLimit: string;
  /** In place of the credit limit when the khata is closed. */
  khataClosed: string;
  columnDate: string;
  columnParticulars: string;
  columnDebit: string;
  columnCredit: string;
  columnBalance: string;
  openingBalance: string;
  noEntries: string;
  /** An entry without an order: the kind alone. */
  kind: Record<KhataEntryKind, string>;
  /** The invoice number follows in brackets when the bill has one. */
  bill: (order: string) => string;
  reversal: (order: string) => string;
  adjustment: (order: string) => string;
  payment: (method: string) => string;
  /** An advance paid back. */
  payout: (method: string) => string;
  reference: (reference: string) => string;
  periodTotal: string;
  debits: string;
  credits: string;
  balanceDue: string;
  advance: string;
  /** After a balance: owed to the shop, or held as an advance. */
  due: string;
  inAdvance: string;
  legend: string;
  page: (page: string, pages: string) => string;
}

export const KHATA_STATEMENT_TEXTS_EN: KhataStatementTexts = {
  title: 'Khata statement',
  continued: (title, customer, period) => `${title}, ${customer}, ${period} (continued)`,
  statementFor: 'Statement of the khata (credit account) of',
  mobile: (mobile) => `Mobile: ${mobile}`,
  period: 'Period',
  periodRange: (from, to) => `${from} to ${to}`,
  generated: 'Generated',
  creditLimit: 'Credit limit',
  khataClosed: 'Khata closed',
  columnDate: 'Date',
  columnParticulars: 'Particulars',
  columnDebit: 'Debit ₹',
  columnCredit: 'Credit ₹',
  columnBalance: 'Balance ₹',
  openingBalance: 'Opening balance',
  noEntries: 'No entries in this period',
  kind: {
    bill: 'Bill',
    adjustment: 'Adjustment',
    reversal: 'Reversal',
    payment: 'Payment',
    payout: 'Advance paid back',
  },
  bill: (order) => `Bill ${order}`,
  reversal: (order) => `Reversal: order ${order} cancelled`,
  adjustment: (order) => `Adjustment: order ${order} repacked`,
  payment: (method) => `Payment by ${method}`,
  payout: (method) => `Advance paid back by ${method}`,
  reference: (reference) => `(ref ${reference})`,
  periodTotal: 'Total for the period',
  debits: 'Debits (bills)',
  credits: 'Credits (payments)',
  balanceDue: 'Balance due',
  advance: 'Advance',
  due: 'Dr',
  inAdvance: 'Cr',
  legend:
    'A debit adds to what you owe the shop, a credit takes from it. A balance marked Dr is due to the shop; Cr is an advance held for you.',
  page: (page, pages) => `Page ${page} of ${pages}`,
};
