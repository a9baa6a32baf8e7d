/**
 * Every English text of the billing screens in one place, so the Hindi interface translates this
 * file alone. Texts with values are functions of those values.
 */
export const BILLING_TEXTS = {
  // Product form: tax fields.
  hsnLabel: 'HSN code',
  hsnPlaceholder: 'e.g. 0702',
  gstLabel: 'GST rate',
  gstCategoryDefault: 'Category default',
  gstOption: (rate: number) => (rate === 0 ? '0 % (exempt)' : `${rate} %`),
  taxHelp:
    'HSN is the tax code of the goods printed on the bill (4 to 8 digits, e.g. 0702 for tomatoes). ' +
    'Prices include GST. Fresh fruit and vegetables are 0 %. Left empty, both take the category’s default.',
  gstColumn: 'GST',
  gstCell: (rate: number) => `${rate}%`,

  // Bill number and download.
  billNumber: 'Bill number',
  downloadBill: 'Download bill',
  downloadBillLabel: (invoiceNumber: string) => `Download bill ${invoiceNumber} (PDF)`,

  // Payment.
  billAndPayment: 'Bill and payment',
  paidByUpi: (reference: string, date: string) =>
    reference ? `Paid by UPI (ref ${reference}) on ${date}` : `Paid by UPI on ${date}`,
  paidInCash: (reference: string, date: string) =>
    reference ? `Paid in cash (ref ${reference}) on ${date}` : `Paid in cash on ${date}`,
  notPaid: 'Not paid yet',
  paymentAfterPacking: 'A payment can be recorded once the order is packed and its bill is made.',

  // Pay by UPI (shopper).
  payByUpi: 'Pay by UPI',
  upiIntro: 'Scan the code with any UPI app (BHIM, Google Pay, PhonePe, Paytm) to pay the final amount.',
  upiAmount: 'Amount',
  upiId: 'UPI id',
  upiQrAlt: (amount: string, upiId: string | null) =>
    upiId ? `QR code to pay ${amount} by UPI to ${upiId}` : `QR code to pay ${amount} by UPI`,
  upiQrLoading: 'Making the QR code…',
  upiQrFailed: 'The QR code could not be drawn: pay to the UPI id below.',
  copy: 'Copy',
  copyLabel: (upiId: string) => `Copy UPI id ${upiId}`,
  copied: 'UPI id copied',
  copyFailed: 'Could not copy: select the UPI id and copy it.',
  openUpiApp: 'Open UPI app',

  // Record payment (admin).
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

  // Bills register (admin).
  billsTitle: 'Bills',
  billsIntro: 'Every bill made in the month (shop time), in number order, for the accountant.',
  month: 'Month',
  downloadCsv: 'Download CSV',
  billsCaption: (month: string) => `Bills of ${month}`,
  noBills: (month: string) => `No bills in ${month}`,
  chooseMonth: 'Choose a month',
  columnNumber: 'Number',
  columnDate: 'Date',
  columnBuyer: 'Buyer',
  columnTaxable: 'Taxable value',
  columnTaxAt: (rate: number) => `GST ${rate}%`,
  columnTax: 'Tax',
  columnTotal: 'Total',
  columnPayment: 'Payment',
  totalsRow: (count: number, cancelled: number) =>
    `Total (${count} ${count === 1 ? 'bill' : 'bills'}${cancelled > 0 ? `; ${cancelled} cancelled, left out` : ''})`,
  cancelled: 'Cancelled',
  openOrder: (invoiceNumber: string) => `Order of bill ${invoiceNumber}`,
  paymentCash: 'Cash',
  paymentUpi: (reference: string) => (reference ? `UPI ${reference}` : 'UPI'),
  unpaid: 'Unpaid',
} as const;
