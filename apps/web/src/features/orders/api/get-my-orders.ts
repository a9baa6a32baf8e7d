/** The logged-in user's orders (GET /api/user/my/orders), newest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Order } from '../../../lib/types';

export const myOrdersQuery = queryOptions({
  queryKey: ['orders', 'mine'],
  queryFn: async () => (await api.get<{ myOrders: Order[] }>('/api/user/my/orders')).myOrders,
  staleTime: 0,
});

export function useMyOrders() {
  return useQuery(myOrdersQuery);
}
