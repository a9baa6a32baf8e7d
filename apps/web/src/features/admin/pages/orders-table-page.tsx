/** Every order for the admin (spec 2.20): id (link to the update screen), customer, items, amount, status, date. */
import { formatRupees, LOADING_TEXTS, MESSAGES, PAGE_TITLES } from '@mandi/shared';
import { Link } from 'react-router';
import { errorMessages } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAdminOrders } from '../api/orders';
import { AdminPageHeader } from '../components/admin-page-header';
import { AdminTable, cellClass, EditLink, RowActions, TableNotice } from '../components/admin-table';
import { ErrorBlock } from '../components/form-messages';
import { formatOrderDate, OrderStatusBadge } from '../components/order-status-badge';

const HEADERS = ['Order Id', 'Name', 'Items', 'Amount', 'Status', 'Date', 'Actions'];

export default function OrdersTablePage() {
  usePageTitle(PAGE_TITLES.adminOrdersTable);
  const orders = useAdminOrders();

  return (
    <section>
      <AdminPageHeader title="All Orders" />
      {orders.isError ? (
        <ErrorBlock messages={[MESSAGES.orderError, ...errorMessages(orders.error)]} />
      ) : (
        <AdminTable caption="All orders" headers={HEADERS}>
          {orders.isPending ? (
            <TableNotice columns={HEADERS.length}>{LOADING_TEXTS.loadingOrders}..!!</TableNotice>
          ) : orders.data.length === 0 ? (
            <TableNotice columns={HEADERS.length}>No orders yet</TableNotice>
          ) : (
            orders.data.map((order) => (
              <tr key={order._id} className="hover:bg-stone-50">
                <td className={cellClass}>
                  <Link
                    to={`/admin/update/order/${order._id}`}
                    title={order._id}
                    className="block max-w-[6.5rem] truncate font-mono text-xs font-semibold text-green-800 underline underline-offset-2 hover:text-green-900"
                  >
                    {order._id}
                  </Link>
                </td>
                <td className={`${cellClass} whitespace-nowrap`}>
                  {order.user.firstName} {order.user.lastName}
                </td>
                <td className={cellClass}>{order.orderItems.length}</td>
                <td className={`${cellClass} font-semibold whitespace-nowrap`}>{formatRupees(order.total)}</td>
                <td className={cellClass}>
                  <OrderStatusBadge status={order.status} />
                </td>
                <td className={`${cellClass} whitespace-nowrap`}>{formatOrderDate(order.orderDate)}</td>
                <td className={cellClass}>
                  <RowActions>
                    <EditLink to={`/admin/update/order/${order._id}`} name={`order ${order._id}`} />
                  </RowActions>
                </td>
              </tr>
            ))
          )}
        </AdminTable>
      )}
    </section>
  );
}
