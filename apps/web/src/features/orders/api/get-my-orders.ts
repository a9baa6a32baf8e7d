/** The logged-in user's orders (GET /api/user/my/orders), newest first; offline, the list last read (issue 42). */
import type { MyOrdersAnswer } from '@mandi/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth/session';
import { useKeptQuery } from '../../../lib/offline/kept-answers';

export const myOrdersQuery = queryOptions({
  queryKey: ['orders', 'mine'],
  queryFn: async () => (await api.get<MyOrdersAnswer>('/api/user/my/orders')).myOrders,
  staleTime: 0,
});

/** The name the list is kept under for this shopper's offline reading. */
export const KEPT_ORDERS = 'myOrders';

export function useMyOrders() {
  const { user } = useSession();
  return useKeptQuery(KEPT_ORDERS, useQuery(myOrdersQuery), user?._id);
}
