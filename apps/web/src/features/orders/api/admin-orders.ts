/** Admin order calls: a page of every order, one order (admins may read any), and the one-step status change. */
import { ADMIN_ORDERS_PAGE_SIZE, type OrderStatus } from '@mandi/shared';
import type { AdminOrdersAnswer, OrderAnswer, OrderStatusAnswer, RefundBody } from '@mandi/shared/schemas';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Orders per page of the admin table: a shop at scale has far too many to send at once. */
export { ADMIN_ORDERS_PAGE_SIZE };

/**
 * Orders of one delivery date, and optionally one slot of it (`slotId` names its date too), or those a search finds:
 * by number (decision 0023), the shopper's name or mobile.
 */
export interface DeliveryFilter {
  deliveryDate?: string;
  slotId?: string;
  search?: string;
}

export const adminOrdersQuery = (page: number, filter: DeliveryFilter = {}) =>
  queryOptions({
    queryKey: ['orders', 'admin-list', page, filter.deliveryDate ?? '', filter.slotId ?? '', filter.search ?? ''],
    queryFn: async () => {
      const query = new URLSearchParams({ page: String(page), limit: String(ADMIN_ORDERS_PAGE_SIZE) });
      if (filter.deliveryDate) query.set('deliveryDate', filter.deliveryDate);
      if (filter.slotId) query.set('slotId', filter.slotId);
      if (filter.search) query.set('q', filter.search);
      const answer = await api.get<Pick<AdminOrdersAnswer, 'AllOrders' | 'ordersCounts'>>(
        `/api/user/admin/orders?${query}`,
      );
      // The page travels with its rows, so the page links name the rows on screen, not the page asked for.
      return { orders: answer.AllOrders, total: answer.ordersCounts, page };
    },
    staleTime: 0,
    // The page on screen stays while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useAdminOrders(page: number, filter: DeliveryFilter = {}, options: { enabled?: boolean } = {}) {
  return useQuery({ ...adminOrdersQuery(page, filter), enabled: options.enabled ?? true });
}

export const adminOrderQuery = (id: string) =>
  queryOptions({
    queryKey: ['orders', 'single', id],
    queryFn: async () => (await api.get<OrderAnswer>(`/api/user/my/order/${encodeURIComponent(id)}`)).order,
    retry: false,
  });

export function useAdminOrder(id: string) {
  return useQuery(adminOrderQuery(id));
}

export function useUpdateOrderStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    /** A paid order is cancelled with its refund in the same body (decision 0032). */
    mutationFn: ({ oStatus, refund }: { oStatus: OrderStatus; refund?: RefundBody }) =>
      api.put<OrderStatusAnswer>(
        `/api/user/update/order/${encodeURIComponent(id)}`,
        refund ? { oStatus, refund } : { oStatus },
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
        queryClient.invalidateQueries({ queryKey: ['admin'] }),
        // The bills register lists a cancelled bill with its refund.
        queryClient.invalidateQueries({ queryKey: ['bills'] }),
      ]),
  });
}
