/**
 * Every order for the admin (docs/product.md#admin-screens): the order's number (link to the update screen), customer,
 * items, amount, status, date; newest first, a page at a time (`?page=2`), so a shop with 100,000 orders opens fast.
 * The orders of one delivery date or slot: `?deliveryDate=YYYY-MM-DD&slotId=`; the search box finds orders by their
 * number (typed with or without its #, decision 0023), the shopper's name or mobile: `?q=` (an address of the old
 * `?number=1042` form searches for that number).
 */
import { formatRupees } from '@mandi/shared';
import { orderNumberLabel } from '@mandi/shared/kernel';
import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ListPages, pageFrom, SearchBox } from '../../../components/admin/admin-list';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { AdminTable, cellClass, EditLink, RowActions, TableNotice } from '../../../components/admin/admin-table';
import { ErrorBlock } from '../../../components/ui/error-block';
import { formatOrderDate } from '../../../components/ui/format-date';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { paths } from '../../../config/paths';
import { errorMessages } from '../../../lib/api-client';
import { loadingTexts, specTexts, titleTexts, useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { DeliveryOrdersFilter, DeliverySlotLine } from '../../delivery';
import { ADMIN_ORDERS_PAGE_SIZE, useAdminOrders } from '../api/admin-orders';
import { ordersAdminTexts as x } from '../orders-admin.texts';

const HEADERS = [x.orderId, x.name, x.items, x.amount, x.status, x.date, x.actions];

/** The address of another page, keeping the delivery filter. */
function pageLink(searchParams: URLSearchParams, page: number): string {
  const next = new URLSearchParams(searchParams);
  next.set('page', String(page));
  return `?${next}`;
}

export default function OrdersTablePage() {
  const t = useT();
  usePageTitle(titleTexts.adminOrdersTable);
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFrom(searchParams.get('page'));
  const deliveryDate = searchParams.get('deliveryDate') ?? '';
  const slotId = searchParams.get('slotId') ?? '';
  const searchText = (searchParams.get('q') ?? searchParams.get('number') ?? '').trim();
  const orders = useAdminOrders(
    page,
    searchText ? { search: searchText } : { deliveryDate: deliveryDate || undefined, slotId: slotId || undefined },
  );
  const sectionRef = useRef<HTMLElement>(null);
  // A new page starts at its top row, not where the links at the bottom left the window.
  const showTop = () => sectionRef.current?.scrollIntoView?.({ block: 'start' });

  return (
    <section ref={sectionRef}>
      <AdminPageHeader title={t(x.allOrders)} />
      <SearchBox
        label={t(x.findOrders)}
        value={searchText}
        onSearch={(text) => {
          // A search replaces the delivery filter and starts at its first page; clearing it shows every order again.
          const next = new URLSearchParams();
          if (text.trim()) next.set('q', text.trim());
          setSearchParams(next);
        }}
      />
      {searchText && (
        <p className="-mt-2 mb-4 text-sm">
          <Link
            to={paths.admin.orders()}
            className="font-semibold text-green-800 underline underline-offset-2 hover:text-green-900"
          >
            {t(x.showAllOrders)}
          </Link>
        </p>
      )}
      <DeliveryOrdersFilter
        deliveryDate={deliveryDate}
        slotId={slotId}
        onChange={(filter) => {
          // A new filter starts at its first page.
          const next = new URLSearchParams();
          if (filter.deliveryDate) next.set('deliveryDate', filter.deliveryDate);
          if (filter.slotId) next.set('slotId', filter.slotId);
          setSearchParams(next);
        }}
      />
      {orders.isError ? (
        <ErrorBlock messages={[t(specTexts.orderError), ...errorMessages(orders.error)]} />
      ) : (
        <AdminTable caption={t(x.allOrders2)} headers={HEADERS}>
          {orders.isPending ? (
            <TableNotice columns={HEADERS.length}>{t(loadingTexts.loadingOrders)}..!!</TableNotice>
          ) : orders.data.orders.length === 0 ? (
            <TableNotice columns={HEADERS.length}>
              {searchText && orders.data.total === 0
                ? t(x.noOrdersMatchQ, { q: searchText })
                : t(
                    deliveryDate && orders.data.total === 0
                      ? x.noOrdersForThisDelivery
                      : orders.data.total === 0
                        ? x.noOrdersYet
                        : x.noOrdersOnThisPage,
                  )}
            </TableNotice>
          ) : (
            orders.data.orders.map((order) => (
              <tr key={order._id} className="hover:bg-stone-50">
                <td className={cellClass}>
                  <Link
                    to={paths.admin.updateOrder(order._id)}
                    className="font-mono font-semibold whitespace-nowrap text-green-800 underline underline-offset-2 hover:text-green-900"
                  >
                    {orderNumberLabel(order.orderNumber)}
                  </Link>
                </td>
                <td className={`${cellClass} whitespace-nowrap`}>
                  {order.user.firstName} {order.user.lastName}
                </td>
                <td className={cellClass}>{order.orderItems.length}</td>
                <td className={`${cellClass} font-semibold whitespace-nowrap`}>{formatRupees(order.total)}</td>
                <td className={cellClass}>
                  <OrderStatusBadge status={order.status} variant="compact" />
                </td>
                <td className={`${cellClass} whitespace-nowrap`}>
                  {formatOrderDate(order.orderDate)}
                  <DeliverySlotLine slot={order.deliverySlot} className="text-xs text-stone-600" />
                </td>
                <td className={cellClass}>
                  <RowActions>
                    <EditLink
                      to={paths.admin.updateOrder(order._id)}
                      name={`order ${orderNumberLabel(order.orderNumber)}`}
                    />
                    {order.status === 'Processing' && (
                      <Link
                        to={paths.admin.packOrder(order._id)}
                        aria-label={t(x.packOrderId, { id: orderNumberLabel(order.orderNumber) })}
                        className="inline-flex items-center whitespace-nowrap rounded-full bg-green-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-green-800"
                      >
                        {t(x.pack)}
                      </Link>
                    )}
                  </RowActions>
                </td>
              </tr>
            ))
          )}
        </AdminTable>
      )}
      {orders.data && (
        <ListPages
          noun={t(x.orders)}
          label={t(x.orderPages)}
          page={orders.data.page}
          total={orders.data.total}
          pageSize={ADMIN_ORDERS_PAGE_SIZE}
          pageHref={(page) => pageLink(searchParams, page)}
          onTurn={showTop}
        />
      )}
    </section>
  );
}
