/**
 * What the order pages show of the bill, each as one component so the orders and admin pages stay
 * small: the shopper's bill number, download, payment and "Pay by UPI"; the admin's bill number,
 * download, payment and the "Record payment" form.
 */
import { useId } from 'react';
import { useTimedMessage } from '../../../components/ui/use-timed-message';
import type { Order } from '../../../lib/types';
import { BILLING_TEXTS as T } from '../billing.texts';
import { BillDownload } from './bill-download';
import { PaymentStatus } from './payment-status';
import { RecordPaymentForm } from './record-payment-form';
import { RefundStatus } from './refund-status';
import { UpiPayment } from './upi-payment';

type BilledOrder = Pick<Order, '_id' | 'status' | 'invoiceNumber' | 'payment' | 'packedAt'> &
  Partial<Pick<Order, 'refund' | 'paymentMethod'>>;

/** "Payment: on the khata…" for a khata order not yet packed (once packed, its payment says "On the khata since …"). */
function KhataChosen({ order }: { order: BilledOrder }) {
  if (order.paymentMethod !== 'Khata' || order.payment || order.status === 'Cancelled') return null;
  return <p className="text-sm font-semibold text-stone-800">{T.khataChosen}</p>;
}

/** The shopper's order page: nothing until the bill is made or a payment is recorded. */
export function ShopperBillPanel({ order }: { order: BilledOrder }) {
  const hasBill = Boolean(order.invoiceNumber) || Boolean(order.payment);
  const isKhataChosen = order.paymentMethod === 'Khata' && !order.payment && order.status !== 'Cancelled';
  return (
    <>
      {isKhataChosen && !hasBill && (
        <section aria-label={T.billAndPayment} className="card mt-6 flex flex-col gap-3 px-5 py-4">
          <KhataChosen order={order} />
        </section>
      )}
      {hasBill && (
        <section aria-label={T.billAndPayment} className="card mt-6 flex flex-col gap-3 px-5 py-4">
          <BillDownload order={order} />
          <PaymentStatus payment={order.payment} />
          <RefundStatus refund={order.refund} />
        </section>
      )}
      <UpiPayment order={order} />
    </>
  );
}

/** The admin's order page: the bill, then the payment or the form that records it. */
export function AdminBillPanel({ order }: { order: BilledOrder }) {
  const headingId = useId();
  const recorded = useTimedMessage();
  const isCancelled = order.status === 'Cancelled';
  if (isCancelled && !order.invoiceNumber && !order.payment) return null;
  return (
    <section aria-labelledby={headingId} className="card flex flex-col gap-4 p-5">
      <h2 id={headingId} className="text-lg font-bold text-stone-900">
        {T.billAndPayment}
      </h2>
      <BillDownload order={order} />
      {recorded.message && (
        <p
          role="status"
          className="rounded-xl border border-green-200 bg-green-50 px-4 py-3 text-sm font-semibold text-green-900"
        >
          {recorded.message}
        </p>
      )}
      {order.payment ? (
        <>
          <PaymentStatus payment={order.payment} />
          <RefundStatus refund={order.refund} />
        </>
      ) : isCancelled ? null : order.paymentMethod === 'Khata' ? (
        <KhataChosen order={order} />
      ) : order.invoiceNumber ? (
        <>
          <p className="text-sm font-semibold text-amber-800">{T.notPaid}</p>
          <RecordPaymentForm orderId={order._id} terms={order.paymentMethod} onRecorded={recorded.show} />
        </>
      ) : (
        <p className="text-sm text-stone-700">{T.paymentAfterPacking}</p>
      )}
    </section>
  );
}
