/** How a cancelled order's payment was given back, in one line: "Refunded ₹77 by UPI (ref …) on 23 Nov 2026". */
import type { OrderRefund } from '@mandi/shared/schemas';
import { formatRupees } from '../../../lib/i18n';
import { BILLING_TEXTS as T } from '../billing.texts';
import { formatBillDate } from '../format';

export function refundText(refund: OrderRefund): string {
  return T.refunded(refund.method, refund.reference, formatRupees(refund.amount), formatBillDate(refund.refundedAt));
}

export function RefundStatus({ refund }: { refund: OrderRefund | null | undefined }) {
  if (!refund) return null;
  return (
    <p className="flex items-center gap-2 font-semibold text-stone-900">
      <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" className="shrink-0 fill-stone-700">
        <path d="M10 1a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm-1 4.6a1 1 0 0 1 0 1.4L7.4 8.6H12a4 4 0 0 1 0 8H9a1 1 0 1 1 0-2h3a2 2 0 0 0 0-4H7.4L9 12.2a1 1 0 1 1-1.4 1.4l-3.3-3.3a1 1 0 0 1 0-1.4L7.6 5.6a1 1 0 0 1 1.4 0Z" />
      </svg>
      {refundText(refund)}
    </p>
  );
}
