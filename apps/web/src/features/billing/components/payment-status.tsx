/** How an order was paid, in one line: "Paid by UPI (ref …) on 23 Nov 2026" "Paid in cash on …" or "On the khata since …". */
import type { OrderPayment } from '@mandi/shared/schemas';
import { BILLING_TEXTS as T } from '../billing.texts';
import { formatBillDate } from '../format';

export function paymentText(payment: OrderPayment): string {
  const date = formatBillDate(payment.paidAt);
  if (payment.method === 'Khata') return T.onKhata(date);
  // A counter sale paid in several tenders (decision 0060).
  if (payment.method === 'Split') return T.paidInParts(date);
  const reference = payment.reference ?? '';
  return payment.method === 'UPI' ? T.paidByUpi(reference, date) : T.paidInCash(reference, date);
}

export function PaymentStatus({ payment }: { payment: OrderPayment | null | undefined }) {
  if (!payment) return null;
  return (
    <p className="flex items-center gap-2 font-semibold text-green-900">
      <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" className="shrink-0 fill-green-700">
        <path d="M10 1a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm4.2 6.6-5 5a1 1 0 0 1-1.4 0l-2-2a1 1 0 1 1 1.4-1.4l1.3 1.3 4.3-4.3a1 1 0 1 1 1.4 1.4Z" />
      </svg>
      {paymentText(payment)}
    </p>
  );
}
