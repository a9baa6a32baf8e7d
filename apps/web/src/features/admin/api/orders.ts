/** Admin order calls: a page of every order, one order (admins may read any), and the one-step status change. */
import type { OrderStatus } from '@mandi/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Order } from '../../../lib/types';

/** Orders per page of the admin table: a shop at scale has far too many to send at once. */
export const ADMIN_ORDERS_PAGE_SIZE = 50;

export const adminOrdersQuery = (page: number) =>
  queryOptions({
    queryKey: ['orders', 'admin-list', page],
    queryFn: async () => {
      const answer = await api.get<{ AllOrders: Order[]; ordersCounts: number }>(
        `/api/user/admin/orders?page=${page}&limit=${ADMIN_ORDERS_PAGE_SIZE}`,
      );
      return { orders: answer.AllOrders, total: answer.ordersCounts };
    },
    staleTime: 0,
    // The page on screen stays while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useAdminOrders(page: number) {
  return useQuery(adminOrdersQuery(page));
}

export const adminOrderQuery = (id: string) =>
  queryOptions({
    queryKey: ['orders', 'single', id],
    queryFn: async () => (await api.get<{ order: Order }>(`/api/user/my/order/${encodeURIComponent(id)}`)).order,
    retry: false,
  });

export function useAdminOrder(id: string) {
  return useQuery(adminOrderQuery(id));
}

export function useUpdateOrderStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (oStatus: OrderStatus) =>
      api.put<{ message: string; Order: Order }>(`/api/user/update/order/${encodeURIComponent(id)}`, { oStatus }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
        queryClient.invalidateQueries({ queryKey: ['admin'] }),
      ]),
  });
}
