/** How the khata screens word an entry and a balance, and the statement's default range (this month so far, shop dates). */
import { orderNumberLabel, shopDateOf } from '@mandi/shared/kernel';
import type { KhataEntry } from '@mandi/shared/schemas';
import { formatRupees, type Translate } from '../../../lib/i18n';
import { khataTexts as x } from '../khata.texts';

/** "Bill #1042, INV-…", "Payment, UPI 123456789012", "Cancelled #1042: credited back". */
export function entryText(entry: KhataEntry, t: Translate): string {
  const order = entry.orderNumber !== null ? orderNumberLabel(entry.orderNumber) : '';
  switch (entry.kind) {
    case 'bill':
      return entry.invoiceNumber
        ? t(x.entryBillInvoice, { order, invoice: entry.invoiceNumber })
        : t(x.entryBill, { order });
    case 'adjustment':
      return order ? t(x.entryAdjustment, { order }) : t(x.entryOther);
    case 'reversal':
      return t(x.entryReversal, { order });
    case 'payment': {
      const method = t(entry.method === 'UPI' ? x.methodUpi : x.methodCash);
      return entry.reference
        ? t(x.entryPaymentRef, { method, reference: entry.reference })
        : t(x.entryPayment, { method });
    }
  }
}

/** "₹1,200.00 owed", "₹50.00 advance" or "Settled". */
export function balanceText(balance: number, t: Translate): string {
  if (balance > 0) return t(x.owes, { amount: formatRupees(balance) });
  if (balance < 0) return t(x.advance, { amount: formatRupees(-balance) });
  return t(x.settled);
}

/** The first of this month and today, as shop dates (Asia/Kolkata whatever the device's zone). */
export function thisMonth(now = new Date()): { from: string; to: string } {
  const today = shopDateOf(now);
  return { from: `${today.slice(0, 8)}01`, to: today };
}
