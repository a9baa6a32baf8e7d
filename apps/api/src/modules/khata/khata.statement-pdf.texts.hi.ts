/**
 * The khata statement's fixed texts in Hindi, key for key as `khata.statement-pdf.texts.ts`.
 * Debit and credit are the ledger's own नामे and जमा, as Hindi bank statements print them; UPI
 * stays an abbreviation and figures keep Latin digits with Indian grouping, as on the bill.
 */
import type { KhataStatementTexts } from './khata.statement-pdf.texts.js';

export const KHATA_STATEMENT_TEXTS_HI: KhataStatementTexts = {
  title: 'खाता विवरण',
  continued: (title, customer, period) => `${title}, ${customer}, ${period} (जारी)`,
  statementFor: 'खाताधारक (उधार खाता)',
  mobile: (mobile) => `मोबाइल: ${mobile}`,
  period: 'अवधि',
  periodRange: (from, to) => `${from} से ${to} तक`,
  generated: 'बनाया गया',
  creditLimit: 'उधार सीमा',
  khataClosed: 'खाता बंद',
  columnDate: 'दिनांक',
  columnParticulars: 'विवरण',
  columnDebit: 'नामे ₹',
  columnCredit: 'जमा ₹',
  columnBalance: 'शेष ₹',
  openingBalance: 'प्रारंभिक शेष',
  noEntries: 'इस अवधि में कोई प्रविष्टि नहीं',
  kind: { bill: 'बिल', adjustment: 'समायोजन', reversal: 'वापसी', payment: 'भुगतान', payout: 'अग्रिम वापस' },
  bill: (order) => `बिल ${order}`,
  reversal: (order) => `वापसी: ऑर्डर ${order} रद्द`,
  adjustment: (order) => `समायोजन: ऑर्डर ${order} दोबारा पैक`,
  payment: (method) => `${method} द्वारा भुगतान`,
  payout: (method) => `${method} द्वारा अग्रिम वापस`,
  reference: (reference) => `(संदर्भ ${reference})`,
  periodTotal: 'इस अवधि का योग',
  debits: 'नामे (बिल)',
  credits: 'जमा (भुगतान)',
  balanceDue: 'बकाया राशि',
  advance: 'अग्रिम राशि',
  due: 'नामे',
  inAdvance: 'जमा',
  legend: 'नामे से दुकान को देय राशि बढ़ती है, जमा से घटती है। नामे लिखा शेष दुकान को देय है; जमा लिखा शेष आपकी अग्रिम राशि है।',
  page: (page, pages) => `पृष्ठ ${page} / ${pages}`,
};
