/** The margin report of a date range (GET /api/admin/reports/margin?from=&to=), and its CSV. */
import type { MarginAnswer } from '@mandi/shared/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const isShopDate = (date: string) => /^\d{4}-\d{2}-\d{2}$/.test(date);
export const isRange = (from: string, to: string) => isShopDate(from) && isShopDate(to) && from <= to;

export const marginUrl = (from: string, to: string, format: 'json' | 'csv' = 'json') =>
  `/api/admin/reports/margin?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&format=${format}`;

export const marginQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: ['reports', 'margin', from, to],
    queryFn: () => api.get<MarginAnswer>(marginUrl(from, to)),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useMarginReport(from: string, to: string) {
  return useQuery({ ...marginQuery(from, to), enabled: isRange(from, to) });
}
