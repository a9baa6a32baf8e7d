/**
 * "Pay by UPI" on the shopper's order page: once the bill is final and until it is paid (never for a
 * cancelled order), the QR code of the shop's `upi://pay` link for the amount due, the amount, the
 * UPI id to copy, and on phones a link that opens the UPI app. A shop without UPI answers 404: nothing shows.
 */
import { formatRupees } from '@mandi/shared';
import { useId } from 'react';
import { useTimedMessage } from '../../../components/ui/use-timed-message';
import type { Order } from '../../../lib/types';
import { upiIdOf, useUpiLink } from '../api/get-upi';
import { BILLING_TEXTS as T } from '../billing.texts';
import { UpiQrCode } from './upi-qr-code';

type BillState = Pick<Order, 'status' | 'payment' | 'invoiceNumber' | 'packedAt'>;

/** True when the order has a final amount still to pay: packed (or billed), unpaid, not cancelled. */
export const isPayableByUpi = (order: BillState) =>
  order.status !== 'Cancelled' && !order.payment && Boolean(order.invoiceNumber || order.packedAt);

export function UpiPayment({ order }: { order: Pick<Order, '_id'> & BillState }) {
  const isPayable = isPayableByUpi(order);
  const upi = useUpiLink(order._id, { enabled: isPayable });
  const headingId = useId();
  const copyMessage = useTimedMessage();

  if (!isPayable || !upi.data) return null;
  const { upiUrl, amount } = upi.data;
  const upiId = upiIdOf(upiUrl);
  const amountText = formatRupees(amount);

  const copy = async () => {
    try {
      if (!upiId || !navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(upiId);
      copyMessage.show(T.copied);
    } catch {
      copyMessage.show(T.copyFailed);
    }
  };

  return (
    <section aria-labelledby={headingId} className="card mt-6 flex flex-col gap-5 p-5 sm:flex-row sm:items-center">
      <UpiQrCode value={upiUrl} label={T.upiQrAlt(amountText, upiId)} />
      <div className="flex min-w-0 flex-col gap-3">
        <h2 id={headingId} className="text-xl font-bold text-stone-900">
          {T.payByUpi}
        </h2>
        <p className="text-sm text-stone-700">{T.upiIntro}</p>
        <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2">
          <dt className="text-sm text-stone-600">{T.upiAmount}</dt>
          <dd className="text-2xl font-bold text-green-800">{amountText}</dd>
          {upiId && (
            <>
              <dt className="text-sm text-stone-600">{T.upiId}</dt>
              <dd className="flex flex-wrap items-center gap-2">
                <span className="font-mono font-semibold break-all text-stone-900 select-all">{upiId}</span>
                <button
                  type="button"
                  onClick={copy}
                  aria-label={T.copyLabel(upiId)}
                  className="rounded-full border border-green-700 px-3 py-1 text-sm font-semibold text-green-800 hover:bg-green-50"
                >
                  {T.copy}
                </button>
                <span role="status" className="text-sm font-medium text-green-900">
                  {copyMessage.message}
                </span>
              </dd>
            </>
          )}
        </dl>
        {/* Only a phone has a UPI app to open; on a computer the QR code is the way. */}
        <a href={upiUrl} className="btn-primary hidden self-start pointer-coarse:inline-flex">
          {T.openUpiApp}
        </a>
      </div>
    </section>
  );
}
