/**
 * The totals block of the checkout and confirm screens: subtotal, free shipping, total, and a line
 * saying the total is an estimate (produce is billed on the weight packed).
 */
import { formatRupees } from '@mandi/shared';

export const ESTIMATE_NOTE =
  'This total is an estimate: produce is weighed when packed, and you pay only for what is packed.';

export function PriceSummary({
  total,
  subtotalLabel,
  shippingLabel,
  shippingValue,
}: {
  total: number;
  subtotalLabel: string;
  shippingLabel: string;
  shippingValue: string;
}) {
  return (
    <div className="flex flex-col gap-2">
      <dl className="flex flex-col gap-2 text-stone-700">
        <div className="flex justify-between gap-4">
          <dt>{subtotalLabel}</dt>
          <dd className="font-semibold text-stone-900">{formatRupees(total)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>{shippingLabel}</dt>
          <dd className="font-semibold text-green-700">{shippingValue}</dd>
        </div>
        <div className="mt-1 flex justify-between gap-4 border-t border-stone-200 pt-3 text-lg">
          <dt className="font-bold text-stone-900">Total</dt>
          <dd className="font-bold text-stone-900">{formatRupees(total)}</dd>
        </div>
      </dl>
      <p className="text-sm text-stone-600">{ESTIMATE_NOTE}</p>
    </div>
  );
}
