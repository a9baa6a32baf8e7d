/**
 * The rate board's calls (decision 0036): the board a page at a time (GET /api/admin/rates?page=),
 * a publish now or at a moment (PUT /api/admin/rates), a product's history (GET
 * /api/admin/rates/history). A publish reloads the board, the day's list (rates-today.ts) and every
 * catalogue read (the rates show everywhere).
 */
import { RATE_BOARD_PAGE_SIZE } from '@mandi/shared';
import type { RateHistoryAnswer, RatesAnswer, RatesBody } from '@mandi/shared/schemas';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ListParams, listQueryString } from '../../../components/admin/admin-list';
import { api } from '../../../lib/api-client';

/**
 * One page of the board in walking order, searched on the server (10,000 products at scale are
 * 2 MB in one answer); the page travels with its rows, as in the admin tables.
 */
export const adminRatesQuery = (params: ListParams<never>) =>
  queryOptions({
    queryKey: ['rates', 'board', params],
    queryFn: async () => {
      const { rates, total } = await api.get<RatesAnswer>(
        `/api/admin/rates?${listQueryString(params, RATE_BOARD_PAGE_SIZE)}`,
      );
      return { items: rates, total: total ?? rates.length, page: params.page };
    },
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useAdminRates(params: ListParams<never>) {
  return useQuery(adminRatesQuery(params));
}

export function usePublishRates() {
  const queryClient = useQueryClient();
  return useMutation({
    // The answer is the whole board; the page on screen is asked again instead.
    mutationFn: async (body: RatesBody) => {
      await api.put<RatesAnswer>('/api/admin/rates', body);
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['rates'] });
      await queryClient.invalidateQueries({ queryKey: ['products'] });
    },
  });
}

export const rateHistoryQuery = (productId: string) =>
  queryOptions({
    queryKey: ['rates', 'history', productId],
    queryFn: async () =>
      (await api.get<RateHistoryAnswer>(`/api/admin/rates/history?productId=${encodeURIComponent(productId)}`)).changes,
    staleTime: 0,
  });

export function useRateHistory(productId: string) {
  return useQuery(rateHistoryQuery(productId));
}
