/**
 * The bill's fixed texts in Hindi (decision 0011), key for key as `billing.pdf.texts.ts`.
 * The document kind keeps its legal English name in brackets so an accountant or a GST officer
 * recognises it; GSTIN, HSN, CGST, SGST, IGST and UPI stay abbreviations, as on Indian bills.
 * Figures keep Latin digits with Indian grouping.
 */

import type { BillTexts } from './billing.pdf.texts.js';
import { amountInHindiWords } from './billing.rules.js';

export const BILL_TEXTS_HI: BillTexts = {
  locale: 'hi-IN',
  monthStyle: 'long',
  kind: {
    'Bill of Supply': 'आपूर्ति बिल (Bill of Supply)',
    'Tax Invoice': 'कर बीजक (Tax Invoice)',
    'Invoice-cum-Bill of Supply': 'बीजक-सह-आपूर्ति बिल (Invoice-cum-Bill of Supply)',
  },
  paymentMethod: { Cash: 'नकद', UPI: 'UPI', Split: 'कई तरीकों से' },
  cancelled: 'रद्द',
  sellerState: (state, code) => `राज्य: ${state} (कोड ${code})`,
  gstin: (gstin) => `GSTIN: ${gstin}`,
  fssai: (fssaiNumber) => `FSSAI लाइसेंस नं.: ${fssaiNumber}`,
  phone: (phone) => `फ़ोन: ${phone}`,
  notRegistered: 'GST के अंतर्गत पंजीकृत नहीं',
  number: 'क्रमांक',
  date: 'दिनांक',
  order: 'ऑर्डर',
  placeOfSupply: 'आपूर्ति का स्थान',
  unknownState: 'अज्ञात',
  billedTo: 'ग्राहक (बिल और डिलीवरी का पता)',
  soldTo: 'काउंटर पर बेचा गया',
  counterSale: 'काउंटर बिक्री',
  buyerStateAndMobile: (state, mobile) => `राज्य: ${state} · मोबाइल: ${mobile}`,
  columnHsn: 'HSN',
  columnDescription: 'विवरण',
  columnQuantity: 'मात्रा',
  columnRate: 'दर ₹',
  columnTaxable: 'कर योग्य ₹',
  columnGstRate: 'GST %',
  columnTax: (taxNames) => `${taxNames} ₹`,
  columnAmount: 'राशि ₹',
  continued: (kind, invoiceNumber) => `${kind} ${invoiceNumber} (जारी)`,
  deliveryCharge: 'डिलीवरी शुल्क',
  roundOff: 'पूर्णांकन',
  substituted: (ordered, sent) => `मँगाया ${ordered} → भेजा ${sent}`,
  taxableValue: 'कर योग्य मूल्य',
  amountDue: 'देय राशि',
  taxByRate: 'दर के अनुसार कर (₹)',
  taxByRateEntry: (rate, taxable, tax) => `${rate}%: कर योग्य ${taxable}, कर ${tax}`,
  amountInWordsLabel: 'राशि शब्दों में',
  amountInWords: amountInHindiWords,
  noteNotRegistered: 'विक्रेता GST के अंतर्गत पंजीकृत नहीं है: इस बिल पर कोई कर नहीं लिया गया है।',
  noteExempt: 'GST से छूट प्राप्त वस्तुओं की आपूर्ति: कोई कर नहीं लिया गया है।',
  noteMixed: '0% वाली पंक्तियाँ छूट प्राप्त आपूर्ति हैं (आपूर्ति बिल); बाक़ी कर योग्य हैं (कर बीजक)।',
  noteDelivery: 'डिलीवरी शुल्क वस्तुओं की आपूर्ति का ही भाग है और उस पर मुख्य आपूर्ति की दर से कर लगता है।',
  noteDiscount:
    'छूट पंक्तियों के कर योग्य मूल्य को उनके मूल्य के अनुपात में घटाती है: हर पंक्ति का कर योग्य मूल्य और कर उसके हिस्से की छूट के बाद का है।',
  noteCouponNotApplied: (code, minimum) =>
    `कूपन ${code} लागू नहीं हुआ: तौले गए सामान का मूल्य उसकी न्यूनतम राशि ₹ ${minimum} से कम है।`,
  notePaid: (method, reference, date) =>
    `${date} को ${method} द्वारा भुगतान किया गया${reference ? ` (संदर्भ ${reference})` : ''}।`,
  noteKhata: (date) => `${date} को ग्राहक के खाते (उधार खाते) में लिखा गया।`,
  noteCancelled: 'यह ऑर्डर रद्द किया गया: इस बिल पर कुछ भी देय नहीं है।',
  computerGenerated: 'यह कंप्यूटर द्वारा बनाया गया दस्तावेज़ है',
};
