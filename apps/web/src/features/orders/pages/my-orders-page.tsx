/**
 * My orders (docs/product.md#shopper-screens): counts by status, then each order with a link to its
 * details. Offline (issue 42) it shows the list as last read, and says as of when.
 */
import { orderNumberLabel } from '@mandi/shared/kernel';
import { Link } from 'react-router';
import { formatOrderDate } from '../../../components/ui/format-date';
import { LoaderOverlay } from '../../../components/ui/loader-overlay';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/auth/session';
import { formatRupees, loadingTexts, specTexts, translate, useT } from '../../../lib/i18n';
import { formatKeptAt } from '../../../lib/offline/kept-answers';
import type { Order } from '../../../lib/types';
import { usePageTitle } from '../../../lib/use-page-title';
import { OrderAgainButton } from '../../buy-again';
import { DeliverySlotLine } from '../../delivery';
import { useMyOrders } from '../api/get-my-orders';
import { ordersTexts as x } from '../orders.texts';

/** What the order's total stands for: the estimate until packed, then the bill (decision 0007). */
function amountNote(order: Order): string {
  if (order.status === 'Cancelled') return translate(x.cancelledNothing);
  // Shipping packs an unpacked order at its ordered weights, so only a Processing order can still change.
  return order.status === 'Processing' && !order.packedAt ? translate(x.estimateNote) : translate(x.finalBill);
}

export default function MyOrdersPage() {
  const { user } = useSession();
  const firstName = user?.firstName ?? '';
  usePageTitle(x.ordersOf, { name: firstName });
  const t = useT();
  const { data: orders, isPending, isError, isOffline, keptAt } = useMyOrders();

  if (isPending) return <LoaderOverlay text={loadingTexts.loadingOrders} />;

  if (!orders) {
    // No list to show: the spec's words for a server failure, plain ones for a missing network.
    return (
      <div className="mx-auto max-w-5xl px-4 py-8 sm:py-10">
        <h1 className="page-heading mb-6">{t(x.ordersOf, { name: firstName })}</h1>
        {isError || !isOffline ? (
          <p className="card p-6 text-center font-semibold text-red-700" role="alert">
            {t(specTexts.orderError)}
          </p>
        ) : (
          <p className="card p-6 text-center font-semibold text-amber-900" role="status">
            {t(x.offlineNoneKept)}
          </p>
        )}
      </div>
    );
  }

  const counts = [
    { label: t(x.totalOrders), value: orders.length },
    { label: t(x.delivered), value: orders.filter((order) => order.status === 'Delivered').length },
    { label: t(x.shipped), value: orders.filter((order) => order.status === 'Shipped').length },
  ];

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-10">
      <h1 className="page-heading mb-6">{t(x.ordersOf, { name: firstName })}</h1>
      {isError ? (
        <p className="card p-6 text-center font-semibold text-red-700" role="alert">
          {t(specTexts.orderError)}
        </p>
      ) : (
        <>
          {keptAt !== null && (
            <p role="status" className="mb-6 rounded-xl bg-amber-50 px-4 py-3 font-semibold text-amber-900">
              {t(x.offlineAsOf, { time: formatKeptAt(keptAt) })}
            </p>
          )}
          <dl className="mb-8 grid grid-cols-3 gap-3 sm:gap-4">
            {counts.map((entry) => (
              <div key={entry.label} className="card flex flex-col items-center gap-1 p-4 text-center">
                <dt className="text-sm font-medium text-stone-600">{entry.label}</dt>
                <dd className="text-2xl font-bold text-green-800 sm:text-3xl">{entry.value}</dd>
              </div>
            ))}
          </dl>
          {orders.length === 0 ? (
            <div className="card flex flex-col items-center gap-4 p-10 text-center">
              <p className="text-lg font-semibold text-stone-800">{t(specTexts.noOrders)}</p>
              <Link to={paths.products()} className="btn-primary">
                {t(x.shopNow)}
              </Link>
            </div>
          ) : (
            <ul className="flex flex-col gap-4" aria-label={t(x.orders)}>
              {orders.map((order) => (
                <li key={order._id} className="card flex flex-col gap-4 p-5 sm:flex-row sm:items-center">
                  <div className="flex flex-1 flex-col gap-1">
                    <p className="text-sm text-stone-600">
                      {t(x.order)}{' '}
                      <span className="font-mono font-semibold text-stone-900">
                        {orderNumberLabel(order.orderNumber)}
                      </span>{' '}
                      · {formatOrderDate(order.orderDate)}
                    </p>
                    <p className="text-stone-800">
                      {t(order.orderItems.length === 1 ? x.itemCountOne : x.itemCountMany, {
                        count: order.orderItems.length,
                      })}
                      <span aria-hidden="true"> · </span>
                      <span className="sr-only">, </span>
                      {t(x.shippingCharge, { amount: formatRupees(order.shippingCharge) })}
                    </p>
                    <DeliverySlotLine slot={order.deliverySlot} className="text-sm font-semibold text-green-800" />
                    <p className="text-lg font-bold text-stone-900">
                      {t(x.total, { amount: formatRupees(order.total) })}
                    </p>
                    <p className="text-sm text-stone-600">{amountNote(order)}</p>
                  </div>
                  <div className="flex flex-wrap items-center gap-3">
                    <OrderStatusBadge status={order.status} />
                    <Link to={paths.orderDetails(order._id)} className="btn-secondary">
                      {t(x.getDetails)}
                    </Link>
                    <OrderAgainButton orderId={order._id} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
