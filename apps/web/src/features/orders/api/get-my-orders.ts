/** The logged-in user's orders (GET /api/user/my/orders), newest first. */
import type { MyOrdersAnswer } from '@mandi/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const myOrdersQuery = queryOptions({
  queryKey: ['orders', 'mine'],
  queryFn: async () => (await api.get<MyOrdersAnswer>('/api/user/my/orders')).myOrders,
  staleTime: 0,
});

export function useMyOrders() {
  return useQuery(myOrdersQuery);
}
