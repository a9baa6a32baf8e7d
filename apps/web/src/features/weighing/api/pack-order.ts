/** The order being packed (read like the admin order page reads it) and the pack call itself. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import type { Order } from '../../../lib/types';

export const packOrderQuery = (id: string) =>
  queryOptions({
    // The same key as the order pages, so a save refreshes them all.
    queryKey: ['orders', 'single', id],
    queryFn: async () => (await api.get<{ order: Order }>(`/api/user/my/order/${encodeURIComponent(id)}`)).order,
    retry: false,
    staleTime: 0,
  });

export function usePackOrder(id: string) {
  return useQuery(packOrderQuery(id));
}

export const isMissing = (error: unknown) => error instanceof ApiError && error.status === 404;

/** One line of the pack call: the order item's id and the weighed kg (0 = not available). */
export interface PackedLine {
  _id: string;
  packedQuantity: number;
}

export function useSavePackedWeights(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: PackedLine[]) =>
      api.put<{ success: boolean; order: Order }>(`/api/admin/orders/${encodeURIComponent(id)}/pack`, { items }),
    onSuccess: ({ order }) => {
      queryClient.setQueryData(packOrderQuery(id).queryKey, order);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
        queryClient.invalidateQueries({ queryKey: ['admin'] }),
        queryClient.invalidateQueries({ queryKey: ['picklist'] }),
        queryClient.invalidateQueries({ queryKey: ['products'] }),
      ]);
    },
  });
}
