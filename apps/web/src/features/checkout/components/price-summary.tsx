/**
 * The totals block of the checkout and confirm screens: subtotal, shipping (the delivery zone's fee,
 * else free), total, and a line saying the total is an estimate (produce is billed on the weight packed).
 * The figures are the kernel's `orderTotals` in paise, computed by the screen from the cart's subtotal,
 * the zone's terms and the coupon's discount, by the fee and coupon rules the server judges with
 * (the packing screen's new total is the same function, rounded as the final bill is).
 *
 * The zone's minimum order is a condition, not a charge (issue 42): it is a note under the totals,
 * saying how much more to add while the cart is short, as soon as the PIN code's zone is known.
 */
import { type OrderTotals, paiseToRupees, rupeesToPaise } from '@mandi/shared/kernel';
import { formatRupees, useT } from '../../../lib/i18n';
import { checkoutTexts as x } from '../checkout.texts';

/** ₹ still to add to reach the minimum order, 0 once reached (counted in paise, as the server does). */
export function minimumShortfall(subtotal: number, minimumOrder: number): number {
  return paiseToRupees(Math.max(0, rupeesToPaise(minimumOrder) - rupeesToPaise(subtotal)));
}

export function PriceSummary({
  totals,
  subtotalLabel,
  shippingLabel,
  shippingValue,
  minimumOrder = 0,
  discountLabel = null,
}: {
  /** The estimate: the cart's subtotal, the zone's fee and the coupon's discount (kernel `orderTotals`). */
  totals: OrderTotals;
  subtotalLabel: string;
  shippingLabel: string;
  shippingValue: string;
  /** The delivery zone's minimum order, ₹; its note shows when above 0. */
  minimumOrder?: number;
  /** An applied coupon's line label (its discount is in `totals`), or null. */
  discountLabel?: string | null;
}) {
  const subtotal = paiseToRupees(totals.subtotalPaise);
  const short = minimumShortfall(subtotal, minimumOrder);
  const t = useT();
  return (
    <div className="flex flex-col gap-2">
      <dl className="flex flex-col gap-2 text-stone-700">
        <div className="flex justify-between gap-4">
          <dt>{subtotalLabel}</dt>
          <dd className="font-semibold text-stone-900">{formatRupees(subtotal)}</dd>
        </div>
        {discountLabel !== null && totals.discountPaise > 0 && (
          <div className="flex justify-between gap-4">
            <dt>{discountLabel}</dt>
            <dd className="font-semibold text-green-800">−{formatRupees(paiseToRupees(totals.discountPaise))}</dd>
          </div>
        )}
        <div className="flex justify-between gap-4">
          <dt>{shippingLabel}</dt>
          <dd className={`font-semibold ${totals.feePaise > 0 ? 'text-stone-900' : 'text-green-700'}`}>
            {shippingValue}
          </dd>
        </div>
        <div className="mt-1 flex justify-between gap-4 border-t border-stone-200 pt-3 text-lg">
          <dt className="font-bold text-stone-900">{t(x.total)}</dt>
          <dd className="font-bold text-stone-900">{formatRupees(paiseToRupees(totals.totalPaise))}</dd>
        </div>
      </dl>
      {minimumOrder > 0 && (
        // A term and its value, flowing as one sentence: "Minimum order ₹150: add ₹20 more to order".
        <dl
          data-testid="minimum-order-note"
          className={`text-sm ${short > 0 ? 'rounded-lg bg-amber-50 px-3 py-2 font-semibold text-amber-900' : 'text-stone-600'}`}
        >
          <dt className="inline">{t(x.minimumOrder)}</dt>{' '}
          <dd className="inline">
            {short > 0
              ? t(x.minimumShort, { minimum: formatRupees(minimumOrder), more: formatRupees(short) })
              : formatRupees(minimumOrder)}
          </dd>
        </dl>
      )}
      <p className="text-sm text-stone-600">{t(x.estimateNote)}</p>
    </div>
  );
}
