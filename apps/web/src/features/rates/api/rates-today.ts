/**
 * The day's rate list with its chat text (GET /api/rates/today, public): apart from the board's
 * admin calls, so the shopper's /rates page carries no admin code (its chunk is kept offline).
 */
import type { RateListLanguage, RatesTodayAnswer } from '@mandi/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const ratesTodayQuery = (language: RateListLanguage) =>
  queryOptions({
    queryKey: ['rates', 'today', language],
    queryFn: () => api.get<RatesTodayAnswer>(`/api/rates/today?lang=${language}`),
    staleTime: 60_000,
  });

export function useRatesToday(language: RateListLanguage) {
  return useQuery(ratesTodayQuery(language));
}
