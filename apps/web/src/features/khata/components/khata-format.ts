/** How the khata screens word an entry and a balance, and the statement's default range (this month so far, shop dates). */
import { orderNumberLabel, shopMonthSoFar } from '@mandi/shared/kernel';
import type { KhataEntry } from '@mandi/shared/schemas';
import { formatRupees, type Translate } from '../../../lib/i18n';
import { khataTexts as x } from '../khata.texts';

/**
 * An entry in two parts: what it is ("Bill #1042", "Payment, UPI", "Cancelled #1042: credited
 * back") and its detail (the invoice number, the payment's reference), so a phone can show them on
 * two lines.
 */
export function entryParts(entry: KhataEntry, t: Translate): { what: string; detail: string } {
  const order = entry.orderNumber !== null ? orderNumberLabel(entry.orderNumber) : '';
  switch (entry.kind) {
    case 'bill':
      return { what: t(x.entryBill, { order }), detail: entry.invoiceNumber ?? '' };
    case 'adjustment':
      return { what: order ? t(x.entryAdjustment, { order }) : t(x.entryOther), detail: entry.invoiceNumber ?? '' };
    case 'reversal':
      return { what: t(x.entryReversal, { order }), detail: entry.invoiceNumber ?? '' };
    case 'payment':
      return {
        what: t(x.entryPayment, { method: t(entry.method === 'UPI' ? x.methodUpi : x.methodCash) }),
        detail: entry.reference ?? '',
      };
    case 'payout':
      return {
        what: t(x.entryPayout, { method: t(entry.method === 'UPI' ? x.methodUpi : x.methodCash) }),
        detail: entry.reference ?? '',
      };
  }
}

/** "₹1,200.00 owed", "₹50.00 advance" or "Settled". */
export function balanceText(balance: number, t: Translate): string {
  if (balance > 0) return t(x.owes, { amount: formatRupees(balance) });
  if (balance < 0) return t(x.advance, { amount: formatRupees(-balance) });
  return t(x.settled);
}

/** The first of this month and today, as shop dates (whatever the device's zone). */
export const thisMonth = (now = new Date()): { from: string; to: string } => shopMonthSoFar(now);
