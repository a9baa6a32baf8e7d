/** Admin order calls: every order, one order (admins may read any), and the one-step status change. */
import type { OrderStatus } from '@mandi/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Order } from '../../../lib/types';

export const adminOrdersQuery = queryOptions({
  queryKey: ['orders', 'admin-list'],
  queryFn: async () => (await api.get<{ AllOrders: Order[] }>('/api/user/admin/orders')).AllOrders,
  staleTime: 0,
});

export function useAdminOrders() {
  return useQuery(adminOrdersQuery);
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
