/** One order (GET /api/user/my/order/{id}); someone else's order is a 404, so it is never retried. */
import type { OrderAnswer } from '@mandi/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';

export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: ['orders', 'single', id],
    queryFn: async () => (await api.get<OrderAnswer>(`/api/user/my/order/${encodeURIComponent(id)}`)).order,
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
    staleTime: 0,
  });

export function useOrder(id: string) {
  return useQuery(orderQuery(id));
}

export const isMissingOrder = (error: unknown) => error instanceof ApiError && error.status === 404;
