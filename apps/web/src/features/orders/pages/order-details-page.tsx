/**
 * Order details (docs/product.md#shopper-screens): each line with its picture, weight, rate and amount, plus status and
 * date. Produce is billed on the packed weight (decision 0007): each line shows the kg packed, and once packed the estimate
 * is struck through beside the final amount. A Processing order neither packed nor paid can be cancelled here, after a
 * confirm step; a packed or paid one says to ask the shop. Offline (issue 42) an order not read this
 * visit is not shown: the page says so plainly, and My Orders shows the list as last read.
 */
import { formatSignedRupees, linePrice } from '@mandi/shared';
import { orderNumberLabel } from '@mandi/shared/kernel';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatOrderDate } from '../../../components/ui/format-date';
import { ImagePlaceholder } from '../../../components/ui/image-placeholder';
import { LoaderOverlay } from '../../../components/ui/loader-overlay';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { SubstitutionNote } from '../../../components/ui/substitution-note';
import { paths } from '../../../config/paths';
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
import { isWithoutNetwork, plainErrorMessages } from '../../../lib/offline/kept-answers';
import { sizedImage } from '../../../lib/sized-image';
import type { Order } from '../../../lib/types';
import { usePageTitle } from '../../../lib/use-page-title';
import { ShopperBillPanel } from '../../billing';
import { OrderAgainButton } from '../../buy-again';
import { DeliverySlotLine } from '../../delivery';
import { useCancelOrder } from '../api/cancel-order';
import { isMissingOrder, useOrder } from '../api/get-order';
import { ordersTexts as x } from '../orders.texts';

/** What a line packed as the page shows it: "1.04 kg", "1 dozen", "Not available" for 0, "—" before packing. */
function packedText(packedQuantity: string | null | undefined, unit: string | undefined): string {
  if (packedQuantity === null || packedQuantity === undefined) return '—';
  const quantity = Number(packedQuantity);
  return quantity === 0 ? translate(x.notAvailable) : formatInUnit(quantity, unit);
}

export default function OrderDetailsPage() {
  usePageTitle(titleTexts.orderDetails);
  const { orderId = '' } = useParams();
  const query = useOrder(orderId);
  const { data: order, isPending, error } = query;
  const t = useT();
  // No network: plain words, not the spec's failure.
  const isOffline = isWithoutNetwork(query);

  if (isPending && !isOffline) return <LoaderOverlay text={loadingTexts.orderLoading} />;

  if (!order || (error && !isOffline)) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-5 px-4 py-16 text-center">
        <h1 className="page-heading">{t(x.ordersDetails)}</h1>
        {isOffline ? (
          <p className="text-xl font-semibold text-amber-900" role="status">
            {t(x.offlineDetails)}
          </p>
        ) : (
          <p className="text-xl font-semibold text-red-700" role="alert">
            {t(isMissingOrder(error) ? specTexts.orderMissing : specTexts.orderError)}
          </p>
        )}
        <Link to={paths.myOrders()} className="btn-secondary">
          {t(x.myOrders)}
        </Link>
      </div>
    );
  }

  const isPacked = Boolean(order.packedAt);
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:py-10">
      <h1 className="page-heading mb-1">{t(x.ordersDetails)}</h1>
      <p className="mb-6 text-lg font-semibold text-stone-800">
        {t(x.order)} <span className="font-mono text-stone-900">{orderNumberLabel(order.orderNumber)}</span>
      </p>
      <section className="card mb-6 grid grid-cols-2 gap-4 p-5 sm:grid-cols-4" aria-label={t(x.orderOverview)}>
        <div>
          <p className="text-sm text-stone-600">{t(x.items)}</p>
          <p className="text-xl font-bold text-stone-900">{order.orderItems.length}</p>
        </div>
        <div>
          <p className="text-sm text-stone-600">{t(x.totalAmount)}</p>
          <p className="text-xl font-bold text-stone-900">{formatRupees(order.total)}</p>
          {isPacked && order.estimatedTotal !== undefined && order.estimatedTotal !== order.total && (
            <p className="text-sm text-stone-500">
              <del>
                <span className="sr-only">{t(x.estimated)}</span>
                {formatRupees(order.estimatedTotal)}
              </del>
            </p>
          )}
        </div>
        <div>
          <p className="text-sm text-stone-600">{t(x.orderStatus)}</p>
          <p className="mt-1">
            <OrderStatusBadge status={order.status} />
          </p>
        </div>
        <div>
          <p className="text-sm text-stone-600">{t(x.orderDate)}</p>
          <p className="font-semibold text-stone-900">
            <time dateTime={order.orderDate}>{formatOrderDate(order.orderDate)}</time>
          </p>
        </div>
      </section>
      <DeliverySlotLine slot={order.deliverySlot} className="card mb-6 px-5 py-4 font-semibold text-green-900" />
      <ul className="card divide-y divide-stone-100" aria-label={t(x.orderItems)}>
        {order.orderItems.map((item) => (
          <li key={item._id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
            <div className="flex flex-1 items-center gap-3">
              <span className="flex h-16 w-16 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-green-50 to-amber-50 p-1.5">
                {item.image ? (
                  <img
                    {...sizedImage(item.image, '56px')}
                    alt={item.name}
                    width={56}
                    height={56}
                    className="h-full w-full object-contain"
                  />
                ) : (
                  <ImagePlaceholder />
                )}
              </span>
              <div>
                <p className="font-semibold text-stone-900">{item.name}</p>
                <p className="text-sm text-stone-600">
                  {t(x.quantityAtRate, {
                    quantity: formatInUnit(item.quantity, item.unit),
                    rate: formatRupees(item.rate),
                    unit: unitName(item.unit),
                  })}
                </p>
                <p className="text-sm text-stone-700">
                  {t(x.packed)} <span className="font-semibold">{packedText(item.packedQuantity, item.unit)}</span>
                </p>
                <SubstitutionNote item={item} isPacked={Boolean(order.packedAt)} />
              </div>
            </div>
            <p className="text-right text-lg font-bold text-green-800">
              <span className="sr-only">{t(x.amount)}</span>
              {formatRupees(item.amount ?? linePrice(item.rate, item.quantity))}
            </p>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-stone-600">
        {/* Worded by the order's terms: a khata order is never told to pay cash (issue 42). */}
        {t(
          order.paymentMethod === 'Khata'
            ? x.shippingKhata
            : order.payment && order.payment.method !== 'Khata'
              ? x.shippingPaid
              : x.shippingCash,
          { amount: formatRupees(order.shippingCharge) },
        )}
      </p>
      {order.couponCode ? (
        <p className="text-sm text-stone-600">
          {order.discount
            ? t(x.couponDiscount, { code: order.couponCode, amount: formatRupees(order.discount) })
            : t(x.couponRemoved, { code: order.couponCode })}
        </p>
      ) : null}
      {order.roundOff ? (
        <p className="text-sm text-stone-600">{t(x.roundOffAmount, { amount: formatSignedRupees(order.roundOff) })}</p>
      ) : null}
      {order.status === 'Processing' && !isPacked && (
        <p className="mt-2 rounded-xl bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900 ring-1 ring-amber-200">
          {t(x.beforePacking)}
        </p>
      )}
      {isPacked && order.status !== 'Cancelled' && (
        <p className="mt-2 text-sm text-stone-700">{t(x.finalBillPacked)}</p>
      )}
      {order.status === 'Cancelled' && (
        <p role="status" className="mt-2 rounded-xl bg-stone-100 px-4 py-3 text-sm font-medium text-stone-800">
          {t(x.isCancelled)}
        </p>
      )}
      <ShopperBillPanel order={order} />
      <div className="mt-6 flex flex-wrap items-start gap-3">
        <OrderAgainButton orderId={order._id} className="btn-primary" />
        <Link to={paths.reportProblem(order._id)} className="btn-secondary">
          {t(x.reportProblem)}
        </Link>
      </div>
      {order.status === 'Processing' &&
        // Once weighed or paid, only the shop cancels (it refunds what was paid: decision 0032).
        (isPacked || order.payment ? (
          <p className="mt-6 rounded-xl bg-stone-100 px-4 py-3 text-sm font-medium text-stone-800">
            {t(x.askShopToCancel)}
          </p>
        ) : (
          <CancelOrder order={order} />
        ))}
    </div>
  );
}

/** "Cancel order", then an inline "Are you sure?" with confirm and keep buttons; Escape keeps the order. */
function CancelOrder({ order }: { order: Order }) {
  const [asking, setAsking] = useState(false);
  const cancel = useCancelOrder(order._id);
  const t = useT();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (asking) confirmRef.current?.focus();
    else if (returnFocus.current) openRef.current?.focus();
  }, [asking]);

  const keep = () => {
    returnFocus.current = true;
    setAsking(false);
  };

  if (!asking) {
    return (
      <div className="mt-6 flex flex-col items-start gap-2">
        <button ref={openRef} type="button" className="btn-secondary" onClick={() => setAsking(true)}>
          {t(x.cancelOrder)}
        </button>
      </div>
    );
  }
  return (
    <fieldset
      className="card mt-6 flex flex-col gap-3 p-5"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !cancel.isPending) keep();
      }}
    >
      <legend className="float-left font-semibold text-stone-900">{t(x.areYouSure)}</legend>
      {cancel.isError && (
        <p role="alert" className="error-text">
          {plainErrorMessages(cancel.error).join(' ')}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <button
          ref={confirmRef}
          type="button"
          className="btn-danger"
          disabled={cancel.isPending}
          onClick={() => cancel.mutate()}
        >
          {cancel.isPending ? t(x.cancelling) : t(x.yesCancel)}
        </button>
        <button type="button" className="btn-secondary" disabled={cancel.isPending} onClick={keep}>
          {t(x.keepOrder)}
        </button>
      </div>
    </fieldset>
  );
}
