/**
 * Every English text of the billing screens in one place, so the Hindi interface translates this
 * file alone (billing.texts.hi.ts, decision 0011). Texts with values are functions of those values;
 * each property is read in the active language.
 */
import { orderNumberLabel } from '@mandi/shared/kernel';
import { defineTexts, type Text, translate } from '../../lib/i18n';

const b = defineTexts('billing', {
  hsnLabel: 'HSN code',
  hsnPlaceholder: 'e.g. 0702',
  gstLabel: 'GST rate',
  gstCategoryDefault: 'Category default',
  gstExempt: '0 % (exempt)',
  gstOption: '{rate} %',
  taxHelp:
    'HSN is the tax code of the goods printed on the bill (4 to 8 digits, e.g. 0702 for tomatoes). Prices include GST. Fresh fruit and vegetables are 0 %. Left empty, both take the category’s default.',
  gstColumn: 'GST',
  gstCell: '{rate}%',
  billNumber: 'Bill number',
  downloadBill: 'Download bill',
  downloadBillLabel: 'Download bill {number} (PDF)',
  billAndPayment: 'Bill and payment',
  paidByUpiRef: 'Paid by UPI (ref {reference}) on {date}',
  paidByUpi: 'Paid by UPI on {date}',
  paidInCashRef: 'Paid in cash (ref {reference}) on {date}',
  paidInCash: 'Paid in cash on {date}',
  paidInParts: 'Paid at the counter in several tenders on {date}',
  onKhata: 'On the khata since {date}',
  khataChosen: 'Payment: on the khata. The bill goes on it when the order is packed.',
  notPaid: 'Not paid yet',
  paymentAfterPacking: 'A payment can be recorded once the order is packed and its bill is made.',
  payByUpi: 'Pay by UPI',
  upiIntro: 'Scan the code with any UPI app (BHIM, Google Pay, PhonePe, Paytm) to pay the final amount.',
  upiAmount: 'Amount',
  upiId: 'UPI id',
  upiQrAltTo: 'QR code to pay {amount} by UPI to {upiId}',
  upiQrAlt: 'QR code to pay {amount} by UPI',
  upiQrLoading: 'Making the QR code…',
  upiQrFailed: 'The QR code could not be drawn: pay to the UPI id below.',
  copy: 'Copy',
  copyLabel: 'Copy UPI id {upiId}',
  copied: 'UPI id copied',
  copyFailed: 'Could not copy: select the UPI id and copy it.',
  openUpiApp: 'Open UPI app',
  recordPayment: 'Record payment',
  method: 'Method',
  methodCash: 'Cash',
  methodUpi: 'UPI',
  upiReferenceLabel: 'UPI reference (UTR)',
  upiReferenceHint: 'UTR, 12 digits',
  cashReferenceLabel: 'Receipt number (optional)',
  cashReferenceHint: 'Leave empty for cash without a receipt',
  recording: 'Recording…',
  paymentRecorded: 'Payment recorded',
  billsTitle: 'Bills',
  billsIntro: 'Every bill made in the month (shop time), in number order, for the accountant.',
  month: 'Month',
  downloadCsv: 'Download CSV',
  billsCaption: 'Bills of {month}',
  noBills: 'No bills in {month}',
  chooseMonth: 'Choose a month',
  columnNumber: 'Number',
  columnDate: 'Date',
  columnBuyer: 'Buyer',
  columnTaxable: 'Taxable value',
  columnTaxAt: 'GST {rate}%',
  columnTax: 'Tax',
  columnTotal: 'Total',
  columnPayment: 'Payment',
  totalsOne: 'Total ({count} bill)',
  totalsMany: 'Total ({count} bills)',
  totalsOneCancelled: 'Total ({count} bill; {cancelled} cancelled, left out)',
  totalsManyCancelled: 'Total ({count} bills; {cancelled} cancelled, left out)',
  cancelled: 'Cancelled',
  openOrder: 'Order of bill {number}',
  orderNumber: 'Order {number}',
  paymentCash: 'Cash',
  paymentSplit: 'Split tenders',
  paymentUpiRef: 'UPI {reference}',
  paymentUpi: 'UPI',
  paymentKhata: 'Khata',
  unpaid: 'Unpaid',
  refundedByUpiRef: 'Refunded {amount} by UPI (ref {reference}) on {date}',
  refundedInCashRef: 'Refunded {amount} in cash (ref {reference}) on {date}',
  refundedInCash: 'Refunded {amount} in cash on {date}',
  refundedToKhata: 'Refunded {amount} to the khata on {date}',
  refundTitle: 'Refund',
  refundIntro: '{payment}. Cancelling this order records how the money goes back to the shopper.',
  refundAmount: 'Amount to refund',
  refundMethod: 'Refund by',
  methodKhata: 'Khata',
  refundUpiReferenceLabel: 'Refund UPI reference (UTR)',
  refundUpiReferenceHint: 'The UTR of the refund you sent, 12 digits',
  refundCashReferenceLabel: 'Receipt number (optional)',
  refundKhataHint: "Credited to the shopper's khata account",
  registerRefundCash: 'Refund: cash {amount}',
  registerRefundRef: 'Refund: {method} {reference} {amount}',
  registerRefundKhata: 'Refund: khata {amount}',
  kindBillOfSupply: 'Bill of Supply',
  kindTaxInvoice: 'Tax Invoice',
  kindInvoiceCumBillOfSupply: 'Invoice-cum-Bill of Supply',
});

const BILL_KIND_TEXTS: Readonly<Record<string, Text>> = {
  'Bill of Supply': b.kindBillOfSupply,
  'Tax Invoice': b.kindTaxInvoice,
  'Invoice-cum-Bill of Supply': b.kindInvoiceCumBillOfSupply,
};

export const BILLING_TEXTS = {
  // Product form: tax fields.
  get hsnLabel() {
    return translate(b.hsnLabel);
  },
  get hsnPlaceholder() {
    return translate(b.hsnPlaceholder);
  },
  get gstLabel() {
    return translate(b.gstLabel);
  },
  get gstCategoryDefault() {
    return translate(b.gstCategoryDefault);
  },
  gstOption: (rate: number) => (rate === 0 ? translate(b.gstExempt) : translate(b.gstOption, { rate })),
  get taxHelp() {
    return translate(b.taxHelp);
  },
  get gstColumn() {
    return translate(b.gstColumn);
  },
  gstCell: (rate: number) => translate(b.gstCell, { rate }),

  // Bill number and download.
  get billNumber() {
    return translate(b.billNumber);
  },
  get downloadBill() {
    return translate(b.downloadBill);
  },
  downloadBillLabel: (invoiceNumber: string) => translate(b.downloadBillLabel, { number: invoiceNumber }),

  // Payment.
  get billAndPayment() {
    return translate(b.billAndPayment);
  },
  paidByUpi: (reference: string, date: string) =>
    reference ? translate(b.paidByUpiRef, { reference, date }) : translate(b.paidByUpi, { date }),
  paidInCash: (reference: string, date: string) =>
    reference ? translate(b.paidInCashRef, { reference, date }) : translate(b.paidInCash, { date }),
  onKhata: (date: string) => translate(b.onKhata, { date }),
  paidInParts: (date: string) => translate(b.paidInParts, { date }),
  get khataChosen() {
    return translate(b.khataChosen);
  },
  get notPaid() {
    return translate(b.notPaid);
  },
  get paymentAfterPacking() {
    return translate(b.paymentAfterPacking);
  },

  // Pay by UPI (shopper).
  get payByUpi() {
    return translate(b.payByUpi);
  },
  get upiIntro() {
    return translate(b.upiIntro);
  },
  get upiAmount() {
    return translate(b.upiAmount);
  },
  get upiId() {
    return translate(b.upiId);
  },
  upiQrAlt: (amount: string, upiId: string | null) =>
    upiId ? translate(b.upiQrAltTo, { amount, upiId }) : translate(b.upiQrAlt, { amount }),
  get upiQrLoading() {
    return translate(b.upiQrLoading);
  },
  get upiQrFailed() {
    return translate(b.upiQrFailed);
  },
  get copy() {
    return translate(b.copy);
  },
  copyLabel: (upiId: string) => translate(b.copyLabel, { upiId }),
  get copied() {
    return translate(b.copied);
  },
  get copyFailed() {
    return translate(b.copyFailed);
  },
  get openUpiApp() {
    return translate(b.openUpiApp);
  },

  // Record payment (admin).
  get recordPayment() {
    return translate(b.recordPayment);
  },
  get method() {
    return translate(b.method);
  },
  get methodCash() {
    return translate(b.methodCash);
  },
  get methodUpi() {
    return translate(b.methodUpi);
  },
  get upiReferenceLabel() {
    return translate(b.upiReferenceLabel);
  },
  get upiReferenceHint() {
    return translate(b.upiReferenceHint);
  },
  get cashReferenceLabel() {
    return translate(b.cashReferenceLabel);
  },
  get cashReferenceHint() {
    return translate(b.cashReferenceHint);
  },
  get recording() {
    return translate(b.recording);
  },
  get paymentRecorded() {
    return translate(b.paymentRecorded);
  },

  // Bills register (admin).
  get billsTitle() {
    return translate(b.billsTitle);
  },
  get billsIntro() {
    return translate(b.billsIntro);
  },
  get month() {
    return translate(b.month);
  },
  get downloadCsv() {
    return translate(b.downloadCsv);
  },
  billsCaption: (month: string) => translate(b.billsCaption, { month }),
  noBills: (month: string) => translate(b.noBills, { month }),
  get chooseMonth() {
    return translate(b.chooseMonth);
  },
  get columnNumber() {
    return translate(b.columnNumber);
  },
  get columnDate() {
    return translate(b.columnDate);
  },
  get columnBuyer() {
    return translate(b.columnBuyer);
  },
  get columnTaxable() {
    return translate(b.columnTaxable);
  },
  columnTaxAt: (rate: number) => translate(b.columnTaxAt, { rate }),
  get columnTax() {
    return translate(b.columnTax);
  },
  get columnTotal() {
    return translate(b.columnTotal);
  },
  get columnPayment() {
    return translate(b.columnPayment);
  },
  totalsRow: (count: number, cancelled: number) =>
    translate(
      cancelled > 0
        ? count === 1
          ? b.totalsOneCancelled
          : b.totalsManyCancelled
        : count === 1
          ? b.totalsOne
          : b.totalsMany,
      { count, cancelled },
    ),
  get cancelled() {
    return translate(b.cancelled);
  },
  openOrder: (invoiceNumber: string) => translate(b.openOrder, { number: invoiceNumber }),
  /** "Order #1042" (decision 0023). */
  orderNumber: (orderNumber: number) => translate(b.orderNumber, { number: orderNumberLabel(orderNumber) }),
  get paymentCash() {
    return translate(b.paymentCash);
  },
  paymentUpi: (reference: string) => (reference ? translate(b.paymentUpiRef, { reference }) : translate(b.paymentUpi)),
  get paymentKhata() {
    return translate(b.paymentKhata);
  },
  get paymentSplit() {
    return translate(b.paymentSplit);
  },
  get unpaid() {
    return translate(b.unpaid);
  },
  /** The document a bill is (the API sends its English name, CGST Rules 46, 46A and 49); another name as sent. */
  billKind: (kind: string) => {
    const text = BILL_KIND_TEXTS[kind];
    return text ? translate(text) : kind;
  },

  // Refunds (decision 0032).
  refunded: (method: string, reference: string, amount: string, date: string) =>
    method === 'Khata'
      ? translate(b.refundedToKhata, { amount, date })
      : method === 'UPI'
        ? translate(b.refundedByUpiRef, { amount, reference, date })
        : reference
          ? translate(b.refundedInCashRef, { amount, reference, date })
          : translate(b.refundedInCash, { amount, date }),
  get refundTitle() {
    return translate(b.refundTitle);
  },
  refundIntro: (payment: string) => translate(b.refundIntro, { payment }),
  get refundAmount() {
    return translate(b.refundAmount);
  },
  get refundMethod() {
    return translate(b.refundMethod);
  },
  get methodKhata() {
    return translate(b.methodKhata);
  },
  get refundUpiReferenceLabel() {
    return translate(b.refundUpiReferenceLabel);
  },
  get refundUpiReferenceHint() {
    return translate(b.refundUpiReferenceHint);
  },
  get refundCashReferenceLabel() {
    return translate(b.refundCashReferenceLabel);
  },
  get refundKhataHint() {
    return translate(b.refundKhataHint);
  },
  registerRefund: (method: string, reference: string, amount: string) =>
    method === 'Khata'
      ? translate(b.registerRefundKhata, { amount })
      : method === 'Cash' && !reference
        ? translate(b.registerRefundCash, { amount })
        : translate(b.registerRefundRef, {
            method: method === 'Cash' ? translate(b.paymentCash) : method,
            reference,
            amount,
          }),
};

export const billingTexts = b;
