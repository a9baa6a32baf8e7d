/**
 * The bill's fixed texts in English (the default, exactly as the bill printed them before Hindi):
 * the Hindi table beside it (`billing.pdf.texts.hi.ts`) has the same keys, which a test checks.
 * Texts with values are functions of those values; figures are formatted before they get here.
 */
import type { BillKind, PaymentMethod } from '@mandi/shared/schemas';
import { amountInWords } from './billing.rules.js';

export interface BillTexts {
  /** The bill's language as the PDF names it (its dates are the kernel's shop-time formatter's in that language). */
  locale: string;
  /** How the month of a date is written: "23 Nov 2026", "23 नवंबर 2026" (Hindi's short months end in ॰). */
  monthStyle: 'short' | 'long';
  /** The document kind as the bill's title. */
  kind: Record<BillKind, string>;
  /** `Split`: a counter sale paid in several tenders (decision 0060). */
  paymentMethod: Record<PaymentMethod | 'Split', string>;
  cancelled: string;
  sellerState: (state: string, code: string) => string;
  gstin: (gstin: string) => string;
  /** The seller's FSSAI licence or registration number. */
  fssai: (fssaiNumber: string) => string;
  phone: (phone: string) => string;
  notRegistered: string;
  number: string;
  date: string;
  order: string;
  placeOfSupply: string;
  unknownState: string;
  billedTo: string;
  /** A sale over the counter: handed over in the shop, not delivered; and its buyer when no customer was named. */
  soldTo: string;
  counterSale: string;
  buyerStateAndMobile: (state: string, mobile: string) => string;
  columnHsn: string;
  columnDescription: string;
  /** The packed quantity and its unit's quantity code (KGS, LTR, NOS, DOZ, BDL, PAC). */
  columnQuantity: string;
  columnRate: string;
  columnTaxable: string;
  columnGstRate: string;
  /** The tax column: "CGST+SGST ₹" or "IGST ₹". */
  columnTax: (taxNames: string) => string;
  columnAmount: string;
  /** The first line of a further page. */
  continued: (kind: string, invoiceNumber: string) => string;
  deliveryCharge: string;
  roundOff: string;
  /**
   * A line packed with a substitute (decision 0043): "Ordered Tomato → sent Cherry Tomato" (the
   * arrow drawn from Noto Sans Math, which the bill embeds for it).
   */
  substituted: (ordered: string, sent: string) => string;
  taxableValue: string;
  amountDue: string;
  taxByRate: string;
  taxByRateEntry: (rate: number, taxable: string, tax: string) => string;
  amountInWordsLabel: string;
  amountInWords: (paise: number) => string;
  noteNotRegistered: string;
  noteExempt: string;
  noteMixed: string;
  noteDelivery: string;
  /** A bill with a discount: it lowers each line's taxable value in proportion (decision 0044). */
  noteDiscount: string;
  /** The packed bill fell below the coupon's minimum (₹, formatted), so its discount was removed. */
  noteCouponNotApplied: (code: string, minimum: string) => string;
  notePaid: (method: string, reference: string, date: string) => string;
  /** A khata order's bill: not paid at the door, put on the customer's khata when packed. */
  noteKhata: (date: string) => string;
  noteCancelled: string;
  computerGenerated: string;
}

export const BILL_TEXTS_EN: BillTexts = {
  locale: 'en-IN',
  monthStyle: 'short',
  kind: {
    'Bill of Supply': 'Bill of Supply',
    'Tax Invoice': 'Tax Invoice',
    'Invoice-cum-Bill of Supply': 'Invoice-cum-Bill of Supply',
  },
  paymentMethod: { Cash: 'Cash', UPI: 'UPI', Split: 'Split tenders' },
  cancelled: 'CANCELLED',
  sellerState: (state, code) => `State: ${state} (code ${code})`,
  gstin: (gstin) => `GSTIN: ${gstin}`,
  fssai: (fssaiNumber) => `FSSAI Lic. No.: ${fssaiNumber}`,
  phone: (phone) => `Phone: ${phone}`,
  notRegistered: 'Not registered under GST',
  number: 'Number',
  date: 'Date',
  order: 'Order',
  placeOfSupply: 'Place of supply',
  unknownState: 'Unknown',
  billedTo: 'Billed and delivered to',
  soldTo: 'Sold over the counter to',
  counterSale: 'Counter sale',
  buyerStateAndMobile: (state, mobile) => `State: ${state} · Mobile: ${mobile}`,
  columnHsn: 'HSN',
  columnDescription: 'Description',
  columnQuantity: 'Quantity',
  columnRate: 'Rate ₹',
  columnTaxable: 'Taxable ₹',
  columnGstRate: 'GST %',
  columnTax: (taxNames) => `${taxNames} ₹`,
  columnAmount: 'Amount ₹',
  continued: (kind, invoiceNumber) => `${kind} ${invoiceNumber} (continued)`,
  deliveryCharge: 'Delivery charge',
  roundOff: 'Round off',
  substituted: (ordered, sent) => `Ordered ${ordered} → sent ${sent}`,
  taxableValue: 'Taxable value',
  amountDue: 'Amount due',
  taxByRate: 'Tax by rate (₹)',
  taxByRateEntry: (rate, taxable, tax) => `${rate}%: taxable ${taxable}, tax ${tax}`,
  amountInWordsLabel: 'Amount in words',
  amountInWords,
  noteNotRegistered: 'The seller is not registered under GST: no tax is charged on this bill.',
  noteExempt: 'Supply of goods exempt from GST: no tax is charged.',
  noteMixed: 'Lines at 0% are exempt supplies (bill of supply); the others are taxable (tax invoice).',
  noteDelivery: 'The delivery charge is part of the supply of the goods and is taxed at the rate of the main supply.',
  noteDiscount:
    "The discount lowers the taxable value of the lines in proportion to their value: each line's taxable value and tax are after its share.",
  noteCouponNotApplied: (code, minimum) =>
    `Coupon ${code} was not applied: the packed items come to less than its minimum of ₹ ${minimum}.`,
  notePaid: (method, reference, date) => `Paid by ${method}${reference ? ` (reference ${reference})` : ''} on ${date}.`,
  noteKhata: (date) => `Charged to the customer's khata (credit account) on ${date}.`,
  noteCancelled: 'This order was cancelled: nothing is payable on this bill.',
  computerGenerated: 'This is a computer-generated document',
};
