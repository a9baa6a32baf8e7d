/**
 * Admin order detail (docs/product.md#admin-screens): the lines with their amounts, status, date and delivery slot, and, unless the
 * order is Delivered, a select offering only the next status with an Update Status button.
 */
import {
  ADMIN_CANCELLABLE_STATUSES,
  formatSignedRupees,
  linePrice,
  NEXT_ORDER_STATUS,
  type OrderStatus,
} from '@mandi/shared';
import { orderNumberLabel } from '@mandi/shared/kernel';
import { type FormEvent, useId, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { Thumbnail } from '../../../components/admin/admin-table';
import { SuccessLine } from '../../../components/admin/form-messages';
import { ErrorBlock } from '../../../components/ui/error-block';
import { formatOrderDate } from '../../../components/ui/format-date';
import { LoaderOverlay } from '../../../components/ui/loader-overlay';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { SubstitutionNote } from '../../../components/ui/substitution-note';
import { uiTexts } from '../../../components/ui/ui.texts';
import { useTimedMessage } from '../../../components/ui/use-timed-message';
import { paths } from '../../../config/paths';
import { ApiError, errorMessages, serverText } from '../../../lib/api-client';
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
import type { Order } from '../../../lib/types';
import { usePageTitle } from '../../../lib/use-page-title';
import { AdminBillPanel, initialRefund, RefundFields, type RefundValue } from '../../billing';
import { formatDeliverySlot } from '../../delivery';
import { KhataPanel } from '../../khata';
import { OrderNotificationsPanel } from '../../notifications';
import { useAdminOrder, useUpdateOrderStatus } from '../api/admin-orders';
import { OrderHistory } from '../components/order-history';
import { ordersAdminTexts as x } from '../orders-admin.texts';

const backLink = { to: paths.admin.orders(), label: x.allOrders2 };

/** The statuses an admin may choose next: one step forward, or Cancelled from Processing or Shipped. */
export function statusChoices(status: OrderStatus): OrderStatus[] {
  const next = NEXT_ORDER_STATUS[status];
  return [...(next ? [next] : []), ...(ADMIN_CANCELLABLE_STATUSES.includes(status) ? (['Cancelled'] as const) : [])];
}

export default function UpdateOrderPage() {
  const t = useT();
  usePageTitle(titleTexts.adminUpdateOrder);
  const { orderId = '' } = useParams();
  const order = useAdminOrder(orderId);

  if (order.isPending) return <LoaderOverlay text={loadingTexts.orderLoading} />;
  if (order.isError) {
    const isMissing = order.error instanceof ApiError && order.error.status === 404;
    return (
      <section>
        <AdminPageHeader title={t(x.orderDetails)} back={{ ...backLink, label: t(backLink.label) }} />
        <p role="alert" className="card px-5 py-8 text-center text-lg font-semibold text-red-700">
          {isMissing ? ` ${t(specTexts.orderMissing)}` : t(specTexts.orderError)}
        </p>
      </section>
    );
  }
  return <OrderDetail order={order.data} />;
}

/** What a line packed as the page shows it: "1.04 kg", "1 dozen", "Not available" for 0, null before packing. */
function packedText(packedQuantity: string | null | undefined, unit: string | undefined): string | null {
  if (packedQuantity === null || packedQuantity === undefined) return null;
  return Number(packedQuantity) === 0 ? translate(x.notAvailable) : formatInUnit(Number(packedQuantity), unit);
}

function OrderDetail({ order }: { order: Order }) {
  const t = useT();
  // Kept here: the status form disappears once the order is Delivered, its message must not.
  const success = useTimedMessage();
  const location = useLocation();
  // The packing screen comes back here with what it saved.
  const packedMessage = (location.state as { packedMessage?: string } | null)?.packedMessage;
  const isPacked = Boolean(order.packedAt);
  const labelsHintId = useId();
  // Shipping packs an unpacked order at its ordered weights: past Processing the bill is final.
  const isFinal = isPacked || order.status === 'Shipped' || order.status === 'Delivered';
  const estimate = order.estimatedTotal;
  return (
    <section>
      <AdminPageHeader title={t(x.orderDetails)} back={{ ...backLink, label: t(backLink.label) }} />
      {/* One column of the screen's width on a phone: a long word in a panel wraps inside it (issue 42). */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="card self-start overflow-hidden">
          <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-stone-100 px-5 py-4">
            <h2 className="text-lg font-bold text-stone-900">{t(x.itemsCount, { count: order.orderItems.length })}</h2>
            <p className="font-mono text-lg font-bold text-stone-900">{orderNumberLabel(order.orderNumber)}</p>
          </div>
          <ul className="divide-y divide-stone-100">
            {order.orderItems.map((item) => (
              <li key={item._id} className="flex items-center gap-4 px-5 py-4">
                <Thumbnail src={item.image} alt={item.name} />
                <div className="min-w-0 flex-1">
                  <p className="font-semibold text-stone-900">{item.name}</p>
                  <p className="text-sm text-stone-600">
                    {formatInUnit(item.quantity, item.unit)} × {formatRupees(item.rate)}
                    {t(x.perUnit, { unit: unitName(item.unit) })}
                  </p>
                  <p className="text-sm text-stone-700">
                    <span className="text-stone-600">{t(x.packed)} </span>
                    <span className="font-semibold">{packedText(item.packedQuantity, item.unit) ?? t(x.notYet)}</span>
                  </p>
                  <SubstitutionNote item={item} isPacked={isPacked} />
                </div>
                <p className="font-semibold whitespace-nowrap text-stone-900">
                  <span className="sr-only">{t(x.amount)} </span>
                  {formatRupees(item.amount ?? linePrice(item.rate, item.quantity))}
                </p>
              </li>
            ))}
          </ul>
          {estimate !== undefined && (
            <div className="flex justify-between border-t border-stone-100 px-5 pt-3 text-sm text-stone-700">
              <span>{t(x.estimateOrderedWeights)}</span>
              <span className={isFinal && estimate !== order.total ? 'line-through' : undefined}>
                {formatRupees(estimate)}
              </span>
            </div>
          )}
          {order.shippingCharge ? (
            <div className="flex justify-between border-t border-stone-100 px-5 pt-3 text-sm text-stone-700">
              <span>{t(x.deliveryCharge)}</span>
              <span>{formatRupees(order.shippingCharge)}</span>
            </div>
          ) : null}
          {order.couponCode ? (
            <div className="flex justify-between border-t border-stone-100 px-5 pt-3 text-sm text-stone-700">
              <span>{t(x.couponDiscount, { code: order.couponCode })}</span>
              <span>−{formatRupees(order.discount ?? 0)}</span>
            </div>
          ) : null}
          {order.roundOff ? (
            <div className="flex justify-between border-t border-stone-100 px-5 pt-3 text-sm text-stone-700">
              <span>{t(x.roundOff)}</span>
              <span>{formatSignedRupees(order.roundOff)}</span>
            </div>
          ) : null}
          <div className="flex justify-between border-t border-stone-100 bg-stone-50 px-5 py-4 text-lg font-bold">
            <span>{t(x.totalAmount)}</span>
            <span>{formatRupees(order.total)}</span>
          </div>
          <p className="bg-stone-50 px-5 pb-4 text-sm text-stone-700">
            {order.status === 'Cancelled'
              ? t(x.cancelledNothingIsDue)
              : isFinal
                ? order.packedAt
                  ? t(x.finalBillOnThePacked2, { date: formatOrderDate(order.packedAt) })
                  : t(x.finalBillOnThePacked)
                : t(x.estimateOnTheOrderedWeights)}
          </p>
        </div>
        <aside className="flex min-w-0 flex-col gap-4">
          <div className="card flex flex-col gap-3 p-5">
            <h2 className="text-lg font-bold text-stone-900">{t(x.orderInfo)}</h2>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-stone-600">{t(x.customer)}</dt>
              <dd className="font-medium">
                {order.user.firstName} {order.user.lastName}
              </dd>
              <dt className="text-stone-600">{t(x.status)}</dt>
              <dd>
                <OrderStatusBadge status={order.status} variant="compact" />
              </dd>
              <dt className="text-stone-600">{t(x.date)}</dt>
              <dd className="font-medium">{formatOrderDate(order.orderDate)}</dd>
              <dt className="text-stone-600">{t(x.items)}</dt>
              <dd className="font-medium">{order.orderItems.length}</dd>
              <dt className="text-stone-600">{t(x.deliverySlot)}</dt>
              <dd className="font-medium">
                {order.deliverySlot ? (
                  <time dateTime={order.deliverySlot.date}>{formatDeliverySlot(order.deliverySlot)}</time>
                ) : (
                  t(x.noSlotBooked)
                )}
              </dd>
              <dt className="text-stone-600">{t(x.shipTo)}</dt>
              <dd className="min-w-0 font-medium wrap-anywhere">
                {order.shippingInfo.address}, {order.shippingInfo.city} {order.shippingInfo.pinCode}
                <br />
                {order.shippingInfo.mobileNumber}
              </dd>
            </dl>
          </div>
          {order.status === 'Processing' && (
            <Link to={paths.admin.packOrder(order._id)} className="btn-primary">
              {isPacked ? t(x.packAgain) : t(x.pack)}
            </Link>
          )}
          {isPacked && order.status !== 'Cancelled' && (
            <div className="flex flex-col gap-1">
              <a
                href={`/api/admin/orders/${encodeURIComponent(order._id)}/labels`}
                target="_blank"
                rel="noopener"
                className="btn-secondary min-h-12"
                aria-describedby={labelsHintId}
              >
                {t(x.printLabels)}
              </a>
              <p id={labelsHintId} className="text-sm text-stone-600">
                {t(x.printLabelsHint)}
              </p>
            </div>
          )}
          <AdminBillPanel order={order} />
          {order.user._id && (
            <KhataPanel userId={order.user._id} name={`${order.user.firstName} ${order.user.lastName}`} />
          )}
          <OrderNotificationsPanel
            orderId={order._id}
            status={order.status}
            name={`${order.user.firstName} ${order.user.lastName}`}
          />
          <SuccessLine message={success.message ?? packedMessage} />
          {statusChoices(order.status).length > 0 && <StatusForm order={order} onUpdated={success.show} />}
        </aside>
      </div>
      {order.history && order.history.length > 0 && <OrderHistory entries={order.history} lines={order.orderItems} />}
    </section>
  );
}

function StatusForm({ order, onUpdated }: { order: Order; onUpdated: (message: string) => void }) {
  const t = useT();
  const selectId = useId();
  const choices = statusChoices(order.status);
  const [choice, setChoice] = useState('');
  const update = useUpdateOrderStatus(order._id);
  const errors = useTimedMessage<string[]>();
  // A paid order is cancelled with its refund, sent in the same request (decision 0032).
  // A khata order's bill is credited back to the khata by the server when it is cancelled: no refund to send.
  const payment = order.payment?.method === 'Khata' ? null : order.payment;
  // Derived, not initial state: the payment may be recorded after this form is shown.
  const [edited, setRefund] = useState<RefundValue | null>(null);
  const refund = edited ?? (payment ? initialRefund(payment) : null);
  const needsRefund = choice === 'Cancelled' && payment && refund;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!choice) {
      window.alert(translate(specTexts.orderStatusEmpty));
      return;
    }
    const question = needsRefund
      ? translate(x.cancelThisPaidOrder, { amount: formatRupees(order.total) })
      : translate(x.cancelThisOrderItsStock);
    if (choice === 'Cancelled' && !window.confirm(question)) return;
    errors.clear();
    const oStatus = choice as OrderStatus;
    const change = needsRefund
      ? { oStatus, refund: { method: refund.method, reference: refund.reference.trim() } }
      : { oStatus };
    update.mutate(change, {
      onSuccess: (data) => {
        setChoice('');
        onUpdated(translate(serverText(data)));
      },
      onError: (error) => errors.show(errorMessages(error)),
    });
  };

  return (
    <form onSubmit={submit} className="card flex flex-col gap-3 p-5">
      {update.isPending && <LoaderOverlay text={loadingTexts.processing} />}
      <label htmlFor={selectId} className="field-label">
        {t(x.orderStatus)}
      </label>
      <select id={selectId} className="field-input" value={choice} onChange={(event) => setChoice(event.target.value)}>
        <option value="">{t(x.chooseStatus)}</option>
        {choices.map((status) => (
          <option key={status} value={status}>
            {t(uiTexts[status])}
          </option>
        ))}
      </select>
      {order.status === 'Processing' && !order.packedAt && (
        <p className="text-sm text-stone-700">{t(x.movingAnOrderThatWas)}</p>
      )}
      {needsRefund && <RefundFields payment={payment} amount={order.total} value={refund} onChange={setRefund} />}
      <ErrorBlock messages={errors.message} />
      <button type="submit" className="btn-primary" disabled={update.isPending}>
        {t(x.updateStatus)}
      </button>
    </form>
  );
}
