/**
 * A PDF worker's first bills are its slowest: pdfkit's and the drawing code's functions are not yet
 * compiled, nor the fonts' glyph tables read (150-370 ms for a one-line bill, against 20-60 ms from
 * the fourth on). A worker draws these made-up bills, in both languages, as it starts and before it
 * takes a job, so a packer's first download after a restart costs what the later ones do.
 */
import type { ShopLanguage } from '@mandi/shared';
import { lineAmountPaise } from '@mandi/shared/kernel';
import { ROUND_OFF } from '../orders/orders.adjustments.js';
import { type BillDocument, renderBillPdf } from './billing.pdf.js';
import { computeBill } from './billing.rules.js';

/** Drawn in this order: English first (most shoppers), then Hindi, then each again. */
const WARM_UP_LANGUAGES: readonly ShopLanguage[] = ['en', 'hi', 'en', 'hi', 'en'];

function sampleBill(): BillDocument {
  const lines = [
    { description: 'Desi Tomato', hsnCode: '0702', gstRate: 0, grams: 1040, ratePaise: 3800 },
    { description: 'Desi Cow Ghee (देसी घी)', hsnCode: '0405', gstRate: 5, grams: 500, ratePaise: 69900 },
  ].map((line) => ({ ...line, amountPaise: lineAmountPaise(line.ratePaise, line.grams) }));
  const figures = computeBill({
    lines,
    adjustments: [{ ...ROUND_OFF, amountPaise: -2, taxTreatment: 'outside-supply' }],
    pinCode: '560034',
    shopState: 'Karnataka',
    isRegistered: true,
  });
  return {
    kind: figures.kind,
    figures,
    invoiceNumber: 'WARM/2026-27/000001',
    invoicedAt: new Date(),
    orderNumber: 1,
    seller: {
      legalName: 'Sample Shop',
      address: '1, Main Road, Bengaluru 560011',
      state: 'Karnataka',
      gstin: '29AAJCM4321F1ZJ',
      fssaiNumber: '11226999000123',
      phone: '9845012345',
      email: 'shop@example.com',
    },
    buyer: {
      name: 'Sample Shopper',
      address: '2, Lake Road',
      city: 'Bengaluru',
      pinCode: '560034',
      mobileNumber: '9876543210',
    },
    isCancelled: false,
    payment: { method: 'Cash', reference: '', paidAt: new Date().toISOString() },
  };
}

/** Draws the sample bills and throws them away; a failure here is left for the real job to meet. */
export async function warmUpBillRendering(): Promise<void> {
  const bill = sampleBill();
  for (const language of WARM_UP_LANGUAGES) {
    await renderBillPdf(bill, language).catch(() => undefined);
  }
}
