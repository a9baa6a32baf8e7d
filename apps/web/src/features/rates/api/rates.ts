/**
 * The rate board's calls (decision 0036): the board (GET /api/admin/rates), a publish now or at a
 * moment (PUT /api/admin/rates), a product's history (GET /api/admin/rates/history) and the day's
 * list with its chat text (GET /api/rates/today, public). A publish reloads the board, the list and
 * every catalogue read (the rates show everywhere).
 */
import type {
  RateHistoryAnswer,
  RateListLanguage,
  RatesAnswer,
  RatesBody,
  RatesTodayAnswer,
} from '@mandi/shared/schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const adminRatesQuery = queryOptions({
  queryKey: ['rates', 'board'],
  queryFn: async () => (await api.get<RatesAnswer>('/api/admin/rates')).rates,
  staleTime: 0,
});

export function useAdminRates() {
  return useQuery(adminRatesQuery);
}

export function usePublishRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: RatesBody) => (await api.put<RatesAnswer>('/api/admin/rates', body)).rates,
    onSuccess: (rates) => queryClient.setQueryData(adminRatesQuery.queryKey, rates),
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

export const ratesTodayQuery = (language: RateListLanguage) =>
  queryOptions({
    queryKey: ['rates', 'today', language],
    queryFn: () => api.get<RatesTodayAnswer>(`/api/rates/today?lang=${language}`),
    staleTime: 60_000,
  });

export function useRatesToday(language: RateListLanguage) {
  return useQuery(ratesTodayQuery(language));
}
