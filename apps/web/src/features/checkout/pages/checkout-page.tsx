/**
 * Checkout (docs/product.md#checkout): the cart as it stands on the server today (cart panel), the totals, and the
 * shipping form (or a login link for a visitor). The page decides which lines have a problem; the
 * form refuses Next until they are fixed.
 */
import { orderTotals, paiseToRupees } from '@mandi/shared/kernel';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/auth/session';
import { formatRupees, specTexts, titleTexts, useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { SaveCartAsList } from '../../buy-again';
import { findStockProblem, useCart } from '../../cart';
import { useRefreshedCart } from '../api/refresh-cart-items';
import { checkoutTexts as x } from '../checkout.texts';
import { readDeliverySlot, readShippingInfo } from '../checkout-storage';
import type { LineProblem } from '../components/cart-line';
import { CartPanel } from '../components/cart-panel';
import { PriceSummary } from '../components/price-summary';
import { ShippingForm } from '../components/shipping-form';
import { useCheckoutDelivery } from '../use-checkout-delivery';

export default function CheckoutPage() {
  usePageTitle(titleTexts.checkout);
  const t = useT();
  const { items, count, total, totalPaise } = useCart();
  const { user, isLoading: isSessionLoading } = useSession();
  const { missingIds, isChecking } = useRefreshedCart();
  // Back from the confirm screen because the chosen slot filled up: say so, and choose afresh.
  const slotProblem = (useLocation().state as { slotProblem?: unknown } | null)?.slotProblem;
  const slotMessage = typeof slotProblem === 'string' ? slotProblem : null;
  const [pinCode, setPinCode] = useState(() => readShippingInfo()?.pinCode ?? '');
  const delivery = useCheckoutDelivery(pinCode, total, slotMessage ? null : (readDeliverySlot()?._id ?? null));
  // Until the PIN code is checked the zone (its fee and minimum) is unknown: the cart says so rather
  // than "Free", so no fee appears for the first time at the end (decision 0044).
  const isFeeKnown = Boolean(delivery.pincode.data);
  const totals = orderTotals(totalPaise, { delivery: delivery.terms });

  const problems = new Map<string, LineProblem>();
  for (const item of items) {
    const problem = missingIds.has(item.id) ? 'missing' : findStockProblem(item);
    if (problem) problems.set(item.id, problem);
  }

  const cartProblem = [...problems.values()].some((problem) => problem !== 'short')
    ? t(x.unavailableItems)
    : problems.size
      ? t(x.shortItems)
      : null;

  if (items.length === 0) {
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center gap-5 px-4 py-16 text-center">
        <h1 className="page-heading">{t(x.checkOut)}</h1>
        <span className="text-6xl" aria-hidden="true">
          🧺
        </span>
        <p className="text-xl font-semibold text-stone-800">{t(specTexts.cartEmpty)}</p>
        <Link to={paths.products()} className="btn-primary">
          {t(x.addProducts)}
        </Link>
      </section>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <h1 className="page-heading mb-6">{t(x.checkOut)}</h1>
      {/* One column of the screen's width on a phone: a wide child (the row of delivery days) scrolls inside itself. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <CartPanel
          items={items}
          count={count}
          problems={problems}
          isChecking={isChecking}
          footer={<SaveCartAsList />}
        />

        <div className="flex min-w-0 flex-col gap-6">
          <section className="card p-5" aria-labelledby="summary-heading">
            <h2 id="summary-heading" className="mb-4 text-lg font-bold text-stone-900">
              {t(x.summary)}
            </h2>
            <PriceSummary
              totals={totals}
              subtotalLabel={t(x.subTotal)}
              shippingLabel={t(x.shippingCharge)}
              shippingValue={
                !isFeeKnown
                  ? t(x.feeByPinCode)
                  : totals.feePaise > 0
                    ? formatRupees(paiseToRupees(totals.feePaise))
                    : t(x.free)
              }
              minimumOrder={delivery.zone?.minOrder ?? 0}
            />
            {/* Offline the PIN code's own line says when the fee is known. */}
            {!isFeeKnown && !delivery.isOffline && (
              <p className="mt-2 text-sm text-stone-600">{t(x.feeByPinCodeNote)}</p>
            )}
          </section>

          {isSessionLoading ? (
            <p className="card p-5 text-stone-600" role="status">
              {t(x.loading)}
            </p>
          ) : user ? (
            <ShippingForm
              user={user}
              cartProblem={cartProblem}
              isChecking={isChecking}
              pinCode={pinCode}
              onPinCodeChange={setPinCode}
              delivery={delivery}
              slotProblem={slotMessage}
            />
          ) : (
            <section className="card flex flex-col items-center gap-3 p-5 text-center">
              <p className="text-stone-700">{t(x.loginToOrder)}</p>
              <Link to={paths.login()} className="btn-primary w-full">
                {t(x.login)}
              </Link>
            </section>
          )}
        </div>
      </div>
    </div>
  );
}
