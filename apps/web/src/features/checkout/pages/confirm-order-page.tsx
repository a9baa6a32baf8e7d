/**
 * Confirm order (docs/product.md#checkout): what will be ordered, where and when it goes. Confirm places the
 * order once (one idempotency key per visit of this screen); Cancel goes back to the checkout. When the
 * chosen slot filled up meanwhile (409 about the slot), the shopper goes back to the slot picker with the
 * server's message and the cart as it was.
 *
 * Without a network the order is queued (decision 0041) and this screen says it is saved and will be
 * sent by itself, also after a reload. It stays here rather than opening another page whose code a
 * browser without the service worker yet could not download (issue 42); the code that sends the
 * order is loaded as this screen opens, while there is a network.
 */
import { type CheckoutPaymentMethod, linePrice } from '@mandi/shared';
import { orderTotals, paiseToRupees, rupeesToPaise } from '@mandi/shared/kernel';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { HindiName } from '../../../components/ui/hindi-name';
import { LoaderOverlay } from '../../../components/ui/loader-overlay';
import { paths } from '../../../config/paths';
import { ApiError, errorMessages } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth/session';
import {
  formatInUnit,
  formatRupees,
  loadingTexts,
  specTexts,
  titleTexts,
  translate,
  unitName,
  useT,
} from '../../../lib/i18n';
import { isNetworkFailure, isWithoutNetwork } from '../../../lib/offline/kept-answers';
import { usePageTitle } from '../../../lib/use-page-title';
import { type CartItem, cartStore, useCart } from '../../cart';
import { type AppliedCoupon, CouponField, couponsTexts } from '../../coupons';
import { formatDeliverySlot, termsOfZone, usePincodeCheck } from '../../delivery';
import { PaymentChoice } from '../../khata';
import { isRatesChanged, usePlaceOrder } from '../api/place-order';
import { refreshCartItem } from '../api/refresh-cart-items';
import { checkoutTexts as x } from '../checkout.texts';
import {
  clearCheckout,
  clearOrderKey,
  getOrderKey,
  readDeliverySlot,
  readShippingInfo,
  saveDeliverySlot,
} from '../checkout-storage';
import { PriceSummary } from '../components/price-summary';
import { loadQueuedOrderNotice } from '../components/queued-order-slot';
import { queueOrder, useQueuedOrder } from '../queued-order-store';

export default function ConfirmOrderPage() {
  usePageTitle(titleTexts.confirmOrder);
  const { items, total, totalPaise } = useCart();
  const { user } = useSession();
  const [shippingInfo] = useState(readShippingInfo);
  const [deliverySlot] = useState(readDeliverySlot);
  const pincode = usePincodeCheck(shippingInfo?.pinCode ?? '');
  const deliveryTerms = termsOfZone(pincode.data?.serviceable ? pincode.data.zone : null);
  // Offline and never checked: the zone's fee is not known here; the server adds it when the order is sent.
  const isFeeUnknown = !pincode.data && isWithoutNetwork(pincode);
  const [orderKey] = useState(getOrderKey);
  const isQueued = useQueuedOrder()?.idempotencyKey === orderKey;
  const [wasQueued, setWasQueued] = useState(false);
  useEffect(() => {
    if (isQueued) setWasQueued(true);
  }, [isQueued]);
  // The code that sends a queued order, while this screen still has a network (see above).
  useEffect(() => {
    loadQueuedOrderNotice().catch(() => undefined);
  }, []);
  const placeOrder = usePlaceOrder();
  const navigate = useNavigate();
  const t = useT();
  const [isDone, setIsDone] = useState(false);
  // Cash on delivery unless the shopper has a khata and chooses it (the choice shows only then).
  const [paymentMethod, setPaymentMethod] = useState<CheckoutPaymentMethod>('COD');
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  // The estimate by the kernel's rules: the zone's fee on the subtotal, less the coupon's discount as the server judged it.
  const totals = orderTotals(totalPaise, {
    delivery: deliveryTerms,
    discountPaise: rupeesToPaise(coupon?.discount ?? 0),
  });
  const shippingCharge = paiseToRupees(totals.feePaise);

  // Placed from the queue: the notice on the home page says so.
  if (!isDone && (!shippingInfo || items.length === 0))
    return <Navigate to={wasQueued ? paths.home() : paths.checkout()} replace />;
  if (!shippingInfo) return null;

  const customerName = user ? `${user.firstName} ${user.lastName}` : '';

  async function handleConfirm() {
    if (placeOrder.isPending || !shippingInfo) return;
    if (!user) {
      window.alert(translate(specTexts.loginPlease));
      return;
    }
    const request = {
      items,
      shippingInfo,
      userId: user._id,
      idempotencyKey: orderKey,
      slotId: deliverySlot?._id ?? null,
      paymentMethod,
      couponCode: coupon?.code ?? null,
    };
    // No network: the order waits, with its key, and is sent when the browser is back online (decision 0041).
    const queue = () => queueOrder({ ...request, slot: deliverySlot, shownSubtotal: total });
    if (!navigator.onLine) {
      queue();
      return;
    }
    let placed: Awaited<ReturnType<typeof placeOrder.mutateAsync>>;
    try {
      placed = await placeOrder.mutateAsync({ ...request, expectedSubtotal: total });
    } catch (error) {
      if (isRatesChanged(error)) {
        // Today's rates into the cart, so the page shows what the order would cost; the shopper confirms again.
        await Promise.all(items.map((item) => refreshCartItem(item.id)));
        window.alert(errorMessages(error).join('\n'));
        return;
      }
      if (isNetworkFailure(error)) {
        queue();
        return;
      }
      if (isSlotConflict(error)) {
        // The slot filled or closed while the shopper was here: pick again; the cart stays as it is.
        clearOrderKey();
        saveDeliverySlot(null);
        navigate(paths.checkout(), { state: { slotProblem: errorMessages(error).join(' ') } });
        return;
      }
      window.alert(errorMessages(error).join('\n'));
      return;
    }
    setIsDone(true);
    cartStore.clear();
    clearCheckout();
    const bookedSlot = placed.order?.deliverySlot ?? null;
    navigate(paths.orderPlaced(), {
      replace: true,
      state: {
        firstName: user.firstName,
        ...(typeof placed.order?.orderNumber === 'number' ? { orderNumber: placed.order.orderNumber } : {}),
        ...(bookedSlot ? { deliverySlot: bookedSlot } : {}),
        // The placed page words the payment by the order's terms (cash at the door, or the khata).
        ...(placed.order?.paymentMethod === 'Khata' ? { paymentTerms: 'Khata' } : {}),
      },
    });
  }

  function handleCancel() {
    // Back to editing: the next confirm screen is a new attempt with a key of its own.
    clearOrderKey();
    navigate(paths.checkout());
  }

  if (isQueued) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-5 px-4 py-16 text-center">
        <h1 className="page-heading">{t(x.confirmOrder)}</h1>
        <p className="card p-6 font-semibold text-stone-800">{t(x.queuedHere)}</p>
        <Link to={paths.home()} className="btn-secondary">
          {t(x.continueShopping)}
        </Link>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-10">
      {placeOrder.isPending && <LoaderOverlay text={loadingTexts.placingOrder} />}
      <h1 className="page-heading mb-6">{t(x.confirmOrder)}</h1>
      {/* One column of the screen's width on a phone. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <section className="card overflow-hidden" aria-labelledby="order-summary-heading">
            <h2 id="order-summary-heading" className="px-5 pt-5 pb-3 text-lg font-bold text-stone-900">
              {t(x.orderSummary)}
            </h2>
            <OrderLines items={items} />
          </section>

          <section className="card overflow-hidden" aria-labelledby="shipping-info-heading">
            <h2 id="shipping-info-heading" className="px-5 pt-5 pb-3 text-lg font-bold text-stone-900">
              {t(x.shippingInfo)}
            </h2>
            <table className="w-full text-left text-sm">
              <tbody className="divide-y divide-stone-100">
                {[
                  [t(x.name), customerName],
                  [t(x.address), shippingInfo.address],
                  [t(x.city), shippingInfo.city],
                  [t(x.pinCode), shippingInfo.pinCode],
                  [t(x.mobileNumber), shippingInfo.mobileNumber],
                  ...(deliverySlot ? [[t(x.delivery), formatDeliverySlot(deliverySlot)]] : []),
                ].map(([label, value]) => (
                  <tr key={label}>
                    <th scope="row" className="w-28 bg-stone-50 px-4 py-3 font-semibold text-stone-700 sm:w-40 sm:px-5">
                      {label}
                    </th>
                    <td className="px-5 py-3 wrap-anywhere text-stone-900">{value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </div>

        <section className="card flex flex-col gap-5 self-start p-5" aria-label={t(x.orderTotal)}>
          <PriceSummary
            totals={totals}
            subtotalLabel={t(x.subtotal)}
            shippingLabel={shippingCharge > 0 || isFeeUnknown ? t(x.shippingCharge) : t(x.freeShipping)}
            shippingValue={isFeeUnknown ? t(x.feeWhenSent) : formatRupees(shippingCharge)}
            discountLabel={coupon ? t(couponsTexts.discount, { code: coupon.code }) : null}
          />
          <CouponField subtotal={total} applied={coupon} onChange={setCoupon} />
          <PaymentChoice
            estimate={paiseToRupees(totals.totalPaise)}
            value={paymentMethod}
            onChange={setPaymentMethod}
            enabled={Boolean(user)}
          />
          <div className="flex flex-col gap-3">
            <button
              type="button"
              className="btn-primary w-full"
              onClick={handleConfirm}
              disabled={placeOrder.isPending}
            >
              {t(x.confirmOrder)}
            </button>
            <button type="button" className="btn-secondary w-full" onClick={handleCancel}>
              {t(x.cancelOrder)}
            </button>
          </div>
        </section>
      </div>
    </div>
  );
}

/**
 * The order's lines: a table of name, quantity, rate and amount. On a phone each line is stacked in
 * the table's own cells (issue 42: a 448 px table in a 330 px card hid its amounts): the name with the
 * amount beside it, the quantity and rate beneath, under a header row laid out the same way, so every
 * column shows without scrolling. The roles are written out because a table whose cells are laid out
 * as a grid is no longer read as a table by every browser.
 */
function OrderLines({ items }: { items: CartItem[] }) {
  const t = useT();
  // Phone: 3 columns (quantity, rate, amount); the name spans the first two above the quantity and rate.
  // A long word there breaks anywhere (it must not widen the columns); in the table, only when too long.
  const wrap = 'max-sm:wrap-anywhere sm:wrap-break-word';
  const row =
    'max-sm:grid max-sm:grid-cols-[minmax(5.5rem,auto)_minmax(0,1fr)_auto] max-sm:gap-x-3 max-sm:gap-y-1 max-sm:px-5';
  const name = 'max-sm:col-span-2 max-sm:p-0 sm:pl-5 sm:pr-3';
  const quantity = 'max-sm:row-start-2 max-sm:col-start-1 max-sm:p-0 sm:px-3';
  const rate = 'max-sm:row-start-2 max-sm:col-start-2 max-sm:p-0 sm:px-3';
  const amount = 'max-sm:row-start-1 max-sm:col-start-3 max-sm:p-0 text-right sm:pl-3 sm:pr-5';
  return (
    // biome-ignore lint/a11y/noRedundantRoles: kept for browsers that drop a restyled table's semantics (above)
    <table role="table" className="w-full text-left text-sm max-sm:block">
      {/* biome-ignore lint/a11y/noRedundantRoles: as above */}
      <thead role="rowgroup" className="bg-stone-100 text-stone-700 max-sm:block">
        {/* biome-ignore lint/a11y/noRedundantRoles: as above */}
        <tr role="row" className={`${row} max-sm:py-2`}>
          {/* biome-ignore lint/a11y/noRedundantRoles: as above */}
          <th role="columnheader" scope="col" className={`${name} py-2.5 font-semibold`}>
            {t(x.name)}
          </th>
          {/* biome-ignore lint/a11y/noRedundantRoles: as above */}
          <th role="columnheader" scope="col" className={`${quantity} py-2.5 font-semibold`}>
            {t(x.quantity)}
          </th>
          {/* biome-ignore lint/a11y/noRedundantRoles: as above */}
          <th role="columnheader" scope="col" className={`${rate} py-2.5 font-semibold`}>
            {t(x.rate)}
          </th>
          {/* biome-ignore lint/a11y/noRedundantRoles: as above */}
          <th role="columnheader" scope="col" className={`${amount} py-2.5 font-semibold`}>
            {t(x.subtotal)}
          </th>
        </tr>
      </thead>
      {/* biome-ignore lint/a11y/noRedundantRoles: as above */}
      <tbody role="rowgroup" className="divide-y divide-stone-100 max-sm:block">
        {items.map((item) => (
          // biome-ignore lint/a11y/noRedundantRoles: as above
          <tr key={item.id} role="row" className={`${row} max-sm:py-3`}>
            {/* biome-ignore lint/a11y/noRedundantRoles: as above */}
            <td role="cell" className={`${name} ${wrap} py-3 font-medium text-stone-900`}>
              {item.name}
              <HindiName aliases={item.aliases} className="text-sm" />
            </td>
            {/* biome-ignore lint/a11y/noRedundantRoles: as above */}
            <td role="cell" className={`${quantity} py-3 whitespace-nowrap`}>
              {formatInUnit(item.quantity, item.unit)}
            </td>
            {/* biome-ignore lint/a11y/noRedundantRoles: as above */}
            <td role="cell" className={`${rate} ${wrap} py-3`}>
              {t(x.ratePerUnit, { rate: formatRupees(item.rate), unit: unitName(item.unit) })}
            </td>
            {/* biome-ignore lint/a11y/noRedundantRoles: as above */}
            <td role="cell" className={`${amount} py-3 font-semibold whitespace-nowrap`}>
              {formatRupees(linePrice(item.rate, item.quantity))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A refusal of the delivery slot: 409 (full, closed, not serving the PIN code, none free) or 400 (the
 * slot no longer exists): the shopper picks again. Other refusals (stock) keep the spec's alert.
 */
function isSlotConflict(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.status === 409 || error.status === 400) &&
    /slot/i.test(error.messages.join(' '))
  );
}
