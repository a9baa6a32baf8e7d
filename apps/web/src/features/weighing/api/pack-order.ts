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

/** The packed bill would take the shopper's khata past its limit: the admin may pack over it on purpose. */
export const isOverKhataLimit = (error: unknown) =>
  error instanceof ApiError && error.sent.some((message) => message.code === 'khataOverLimitAtPacking');

/**
 * One line of the pack call: the order item's id and the weighed kg (0 = not available), or the
 * product sent in its place and its weighed amount (decision 0043).
 */
export type PackedLine =
  | { _id: string; packedQuantity: number }
  | { _id: string; substitute: { productId: string; packedQuantity: number } };

/** A product that may go in place of an ordered one: the rate board's rows carry id, name, unit, rate and category. */
export interface SubstituteCandidate {
  productId: string;
  name: string;
  unit: string;
  rate: number;
  /** The category's name (unique in the shop): a similar item is of the ordered product's category. */
  category: string;
}

/**
 * Every product with its unit, today's rate and category (GET /api/admin/rates), read only for an
 * order with a substitution wish; the ordered products are among them, so their categories are known.
 */
export function useSubstituteCandidates(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'substitute-candidates'],
    queryFn: async () => (await api.get<{ rates: SubstituteCandidate[] }>('/api/admin/rates')).rates,
    enabled,
    staleTime: 60_000,
  });
}

export function useSavePackedWeights(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // `overKhataLimit`: the admin packs a khata order past its limit on purpose (decision 0055).
    mutationFn: ({ items, overKhataLimit }: { items: PackedLine[]; overKhataLimit?: boolean }) =>
      api.put<{ success: boolean; order: Order }>(`/api/admin/orders/${encodeURIComponent(id)}/pack`, {
        items,
        ...(overKhataLimit ? { overKhataLimit: true } : {}),
      }),
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
