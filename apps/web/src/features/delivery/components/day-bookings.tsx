/**
 * The admin's day view: pick a shop date (today in shop time to begin with) and see, per slot,
 * how many orders are booked against its capacity and which orders they are.
 */
import { formatRupees, ORDER_STATUSES, type OrderStatus } from '@mandi/shared';
import { formatIndianNumber, orderNumberLabel } from '@mandi/shared/kernel';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { paths } from '../../../config/paths';
import { errorMessages } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useDayBookings } from '../api/admin-delivery';
import { deliveryAdminTexts as x } from '../delivery-admin.texts';
import { formatSlotDate, formatSlotHours, shopToday } from './format-slot';

const isOrderStatus = (status: unknown): status is OrderStatus =>
  (ORDER_STATUSES as readonly unknown[]).includes(status);

export function DayBookings({ initialDate = shopToday() }: { initialDate?: string }) {
  const t = useT();
  const [date, setDate] = useState(initialDate);
  const bookings = useDayBookings(date);
  const id = useId();

  return (
    <div className="flex flex-col gap-4">
      <div className="max-w-xs">
        <label htmlFor={`${id}-date`} className="field-label">
          {t(x.deliveryDate)}
        </label>
        <input
          id={`${id}-date`}
          type="date"
          className="field-input"
          value={date}
          onChange={(event) => setDate(event.target.value)}
        />
      </div>
      <div aria-live="polite">
        {bookings.isPending ? (
          <p className="text-stone-600">{t(/^\d{4}-\d{2}-\d{2}$/.test(date) ? x.loadingTheBookings : x.pickADate)}</p>
        ) : bookings.isError ? (
          <p className="error-text" role="alert">
            {errorMessages(bookings.error).join(' ')}
          </p>
        ) : bookings.data.length === 0 ? (
          <p className="card p-5 text-stone-600">{t(x.noDeliverySlotsOn, { date: formatSlotDate(date) })}</p>
        ) : (
          <ul className="grid gap-4 lg:grid-cols-2" aria-label={t(x.slotsOn, { date: formatSlotDate(date) })}>
            {bookings.data.map((slot) => (
              <li key={slot._id} className="card flex flex-col gap-3 p-4">
                <div className="flex items-baseline justify-between gap-3">
                  <h4 className="text-lg font-bold text-stone-900">{formatSlotHours(slot)}</h4>
                  <p className="text-sm font-semibold text-stone-700">
                    {slot.capacity === null
                      ? t(x.bookedNoLimit, { booked: formatIndianNumber(slot.booked) })
                      : t(x.bookedOfCapacity, {
                          booked: formatIndianNumber(slot.booked),
                          capacity: formatIndianNumber(slot.capacity),
                        })}
                  </p>
                </div>
                {slot.orders.length === 0 ? (
                  <p className="text-sm text-stone-600">{t(x.noOrdersYet)}</p>
                ) : (
                  <>
                    <ul
                      className="divide-y divide-stone-100 text-sm"
                      aria-label={t(x.ordersAt, { hours: formatSlotHours(slot) })}
                    >
                      {slot.orders.map((order) => (
                        <li key={order._id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                          <Link
                            to={paths.admin.updateOrder(order._id)}
                            className="font-mono text-green-800 underline-offset-4 hover:underline"
                            aria-label={
                              order.customer
                                ? t(x.orderIdOfName, { id: orderNumberLabel(order.orderNumber), name: order.customer })
                                : t(x.orderId, { id: orderNumberLabel(order.orderNumber) })
                            }
                          >
                            {orderNumberLabel(order.orderNumber)}
                          </Link>
                          {order.customer && <span className="font-medium text-stone-900">{order.customer}</span>}
                          {order.pinCode && <span className="text-stone-600">{order.pinCode}</span>}
                          <span className="text-stone-700">{formatRupees(order.total)}</span>
                          {isOrderStatus(order.status) ? (
                            <OrderStatusBadge status={order.status} variant="compact" />
                          ) : (
                            order.status && <span className="text-stone-600">{order.status}</span>
                          )}
                        </li>
                      ))}
                    </ul>
                    <Link
                      to={paths.admin.ordersOfDelivery(date, slot._id)}
                      aria-label={t(x.hoursOrdersInTheOrdersTable, { hours: formatSlotHours(slot) })}
                      className="self-start text-sm font-semibold text-green-800 underline-offset-4 hover:underline"
                    >
                      {t(x.openInTheOrdersTable)}
                    </Link>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
