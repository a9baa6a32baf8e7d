/** Order details (docs/product.md#shopper-screens): each line with its picture, weight, rate and amount, plus status and date. */
import { formatKg, formatRupees, LOADING_TEXTS, linePrice, MESSAGES, PAGE_TITLES } from '@mandi/shared';
import { Link, useParams } from 'react-router';
import { formatOrderDate } from '../../../components/ui/format-date';
import { ImagePlaceholder } from '../../../components/ui/image-placeholder';
import { LoaderOverlay } from '../../../components/ui/loader-overlay';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { paths } from '../../../config/paths';
import { sizedImage } from '../../../lib/sized-image';
import { usePageTitle } from '../../../lib/use-page-title';
import { DeliverySlotLine } from '../../delivery';
import { isMissingOrder, useOrder } from '../api/get-order';

export default function OrderDetailsPage() {
  usePageTitle(PAGE_TITLES.orderDetails);
  const { orderId = '' } = useParams();
  const { data: order, isPending, error } = useOrder(orderId);

  if (isPending) return <LoaderOverlay text={LOADING_TEXTS.orderLoading} />;

  if (error || !order) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-5 px-4 py-16 text-center">
        <h1 className="page-heading">Orders Details</h1>
        <p className="text-xl font-semibold text-red-700" role="alert">
          {isMissingOrder(error) ? MESSAGES.orderMissing : MESSAGES.orderError}
        </p>
        <Link to={paths.myOrders()} className="btn-secondary">
          My Orders
        </Link>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:py-10">
      <h1 className="page-heading mb-6">Orders Details</h1>
      <section className="card mb-6 grid grid-cols-2 gap-4 p-5 sm:grid-cols-4" aria-label="Order overview">
        <div>
          <p className="text-sm text-stone-600">Items</p>
          <p className="text-xl font-bold text-stone-900">{order.orderItems.length}</p>
        </div>
        <div>
          <p className="text-sm text-stone-600">Total Amount</p>
          <p className="text-xl font-bold text-stone-900">{formatRupees(order.total)}</p>
        </div>
        <div>
          <p className="text-sm text-stone-600">Order Status</p>
          <p className="mt-1">
            <OrderStatusBadge status={order.status} />
          </p>
        </div>
        <div>
          <p className="text-sm text-stone-600">Order Date</p>
          <p className="font-semibold text-stone-900">
            <time dateTime={order.orderDate}>{formatOrderDate(order.orderDate)}</time>
          </p>
        </div>
      </section>
      <DeliverySlotLine slot={order.deliverySlot} className="card mb-6 px-5 py-4 font-semibold text-green-900" />
      <ul className="card divide-y divide-stone-100" aria-label="Order items">
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
                  {formatKg(item.quantity).replace('Kg', 'KG')} × {formatRupees(item.rate)} per Kg
                </p>
              </div>
            </div>
            <p className="text-right text-lg font-bold text-green-800">
              <span className="sr-only">Amount </span>
              {formatRupees(linePrice(item.rate, item.quantity))}
            </p>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-stone-600">
        Shipping Charge {order.shippingCharge ? formatRupees(order.shippingCharge) : 0} · Cash on delivery
      </p>
    </div>
  );
}
