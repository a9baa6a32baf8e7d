/**
 * The counter receipt's fixed texts in English: the Hindi table beside it
 * (`counter.receipt.texts.hi.ts`) has the same keys, which a test checks. Texts with values are
 * functions of those values; figures and dates are formatted before they get here. English texts
 * stay plain ASCII (the printer prints them as text), except where a ₹ is meant to show.
 */
import type { BillKind } from '@mandi/shared/schemas';

export interface ReceiptTexts {
  /** The page's `lang`. */
  lang: string;
  /** The HTML page's title. */
  pageTitle: (invoiceNumber: string) => string;
  /** The document kind as the receipt's title (CGST Rules 46, 46A, 49). */
  kind: Record<BillKind, string>;
  cancelled: string;
  gstin: (gstin: string) => string;
  notRegistered: string;
  fssai: (fssaiNumber: string) => string;
  billNumber: (invoiceNumber: string) => string;
  date: (dateTime: string) => string;
  customer: (name: string) => string;
  mobile: (mobile: string) => string;
  /** The buyer of a sale without a customer. */
  counterSale: string;
  /** A line's quantity and rate: "1.5 Kg × 40.00/Kg" (the renderer prints × as x on the printer). */
  lineDetail: (quantity: string, rate: string, unit: string) => string;
  subtotal: string;
  roundOff: string;
  total: string;
  /** Tender names, as the counter screen says them. */
  tender: Record<'Cash' | 'UPI' | 'Khata', string>;
  received: string;
  reference: (reference: string) => string;
  change: string;
  /** The customer's khata after this sale: owed, or paid ahead. */
  khataDue: string;
  khataAdvance: string;
  taxSummary: string;
  taxColumns: { rate: string; taxable: string; cgst: string; sgst: string };
  upiDue: string;
  upiPayee: (vpa: string) => string;
  scanToPay: string;
  thanks: string;
}

export const RECEIPT_TEXTS_EN: ReceiptTexts = {
  lang: 'en',
  pageTitle: (invoiceNumber) => `Receipt ${invoiceNumber}`,
  kind: {
    'Bill of Supply': 'Bill of Supply',
    'Tax Invoice': 'Tax Invoice',
    'Invoice-cum-Bill of Supply': 'Invoice-cum-Bill of Supply',
  },
  cancelled: '*** CANCELLED ***',
  gstin: (gstin) => `GSTIN: ${gstin}`,
  notRegistered: 'Not registered under GST',
  fssai: (fssaiNumber) => `FSSAI: ${fssaiNumber}`,
  billNumber: (invoiceNumber) => `Bill No: ${invoiceNumber}`,
  date: (dateTime) => `Date: ${dateTime}`,
  customer: (name) => `Customer: ${name}`,
  mobile: (mobile) => `Mobile: ${mobile}`,
  counterSale: 'Counter sale',
  lineDetail: (quantity, rate, unit) => `${quantity} × ${rate}/${unit}`,
  subtotal: 'Subtotal',
  roundOff: 'Round off',
  total: 'TOTAL',
  tender: { Cash: 'Cash', UPI: 'UPI', Khata: 'Khata' },
  received: 'Received',
  reference: (reference) => `Ref: ${reference}`,
  change: 'Change',
  khataDue: 'Khata balance due',
  khataAdvance: 'Khata advance',
  taxSummary: 'GST summary',
  taxColumns: { rate: 'GST', taxable: 'Taxable', cgst: 'CGST', sgst: 'SGST' },
  upiDue: 'Pay by UPI',
  upiPayee: (vpa) => `UPI: ${vpa}`,
  scanToPay: 'Scan to pay with any UPI app',
  thanks: 'Thank you! Visit again.',
};
