/**
 * The counter receipt's fixed texts in Hindi, key for key as `counter.receipt.texts.ts`. As on the
 * bill (`billing.pdf.texts.hi.ts`), the document kind keeps its legal English name in brackets and
 * GSTIN, FSSAI, CGST, SGST and UPI stay abbreviations; figures keep Latin digits.
 */
import type { ReceiptTexts } from './counter.receipt.texts.js';

export const RECEIPT_TEXTS_HI: ReceiptTexts = {
  lang: 'hi',
  pageTitle: (invoiceNumber) => `रसीद ${invoiceNumber}`,
  kind: {
    'Bill of Supply': 'आपूर्ति बिल (Bill of Supply)',
    'Tax Invoice': 'कर बीजक (Tax Invoice)',
    'Invoice-cum-Bill of Supply': 'बीजक-सह-आपूर्ति बिल (Invoice-cum-Bill of Supply)',
  },
  cancelled: '*** रद्द ***',
  gstin: (gstin) => `GSTIN: ${gstin}`,
  notRegistered: 'GST के अंतर्गत पंजीकृत नहीं',
  fssai: (fssaiNumber) => `FSSAI लाइसेंस नं.: ${fssaiNumber}`,
  billNumber: (invoiceNumber) => `बिल नं.: ${invoiceNumber}`,
  date: (dateTime) => `दिनांक: ${dateTime}`,
  customer: (name) => `ग्राहक: ${name}`,
  mobile: (mobile) => `मोबाइल: ${mobile}`,
  counterSale: 'काउंटर बिक्री',
  lineDetail: (quantity, rate, unit) => `${quantity} × ${rate}/${unit}`,
  subtotal: 'उप-योग',
  roundOff: 'पूर्णांकन',
  total: 'कुल',
  tender: { Cash: 'नकद', UPI: 'UPI', Khata: 'खाता' },
  received: 'प्राप्त',
  reference: (reference) => `संदर्भ: ${reference}`,
  change: 'वापसी',
  khataDue: 'खाते में बकाया',
  khataAdvance: 'खाते में अग्रिम',
  taxSummary: 'GST सारांश',
  taxColumns: { rate: 'GST', taxable: 'कर योग्य', cgst: 'CGST', sgst: 'SGST' },
  upiDue: 'UPI से भुगतान करें',
  upiPayee: (vpa) => `UPI: ${vpa}`,
  scanToPay: 'किसी भी UPI ऐप से स्कैन करें',
  thanks: 'धन्यवाद! फिर पधारें।',
};
