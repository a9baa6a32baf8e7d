/**
 * The totals block of the checkout and confirm screens: subtotal, shipping (the delivery zone's fee,
 * else free), total, and a line saying the total is an estimate (produce is billed on the weight packed).
 */
import { formatRupees, useT } from '../../../lib/i18n';
import { checkoutTexts as x } from '../checkout.texts';

export const ESTIMATE_NOTE = x.estimateNote.message;

export function PriceSummary({
  total,
  subtotalLabel,
  shippingLabel,
  shippingValue,
  shippingCharge = 0,
  minimumOrder = 0,
  discount = null,
}: {
  /** The cart's subtotal, ₹. */
  total: number;
  subtotalLabel: string;
  shippingLabel: string;
  shippingValue: string;
  /** ₹ added to the total (0: free delivery). */
  shippingCharge?: number;
  /** The delivery zone's minimum order, ₹; shown when above 0. */
  minimumOrder?: number;
  /** An applied coupon's discount (₹ off the items) and its line's label, or null. */
  discount?: { label: string; amount: number } | null;
}) {
  const off = discount?.amount ?? 0;
  const t = useT();
  return (
    <div className="flex flex-col gap-2">
      <dl className="flex flex-col gap-2 text-stone-700">
        <div className="flex justify-between gap-4">
          <dt>{subtotalLabel}</dt>
          <dd className="font-semibold text-stone-900">{formatRupees(total)}</dd>
        </div>
        {minimumOrder > 0 && (
          <div className="flex justify-between gap-4">
            <dt>{t(x.minimumOrder)}</dt>
            <dd className={`font-semibold ${total < minimumOrder ? 'text-red-700' : 'text-stone-900'}`}>
              {formatRupees(minimumOrder)}
            </dd>
          </div>
        )}
        {discount && off > 0 && (
          <div className="flex justify-between gap-4">
            <dt>{discount.label}</dt>
            <dd className="font-semibold text-green-800">−{formatRupees(off)}</dd>
          </div>
        )}
        <div className="flex justify-between gap-4">
          <dt>{shippingLabel}</dt>
          <dd className={`font-semibold ${shippingCharge > 0 ? 'text-stone-900' : 'text-green-700'}`}>
            {shippingValue}
          </dd>
        </div>
        <div className="mt-1 flex justify-between gap-4 border-t border-stone-200 pt-3 text-lg">
          <dt className="font-bold text-stone-900">{t(x.total)}</dt>
          <dd className="font-bold text-stone-900">
            {formatRupees(Math.round((total - off + shippingCharge) * 100) / 100)}
          </dd>
        </div>
      </dl>
      <p className="text-sm text-stone-600">{t(x.estimateNote)}</p>
    </div>
  );
}
