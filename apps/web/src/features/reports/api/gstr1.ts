/** GSTR-1 of a month (GET /api/admin/gst/gstr1?period=MMYYYY), the offline tool's file and each table's CSV. */
import type { Gstr1Answer, Gstr1Table } from '@mandi/shared/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const isMonth = (month: string) => /^\d{4}-(0[1-9]|1[0-2])$/.test(month);

/** `2026-11` → `112026`, the portal's return period. */
export const periodOf = (month: string) => `${month.slice(5, 7)}${month.slice(0, 4)}`;

export function gstr1Url(month: string, download?: 'portal' | Gstr1Table) {
  const base = `/api/admin/gst/gstr1?period=${periodOf(month)}`;
  if (!download) return base;
  return download === 'portal' ? `${base}&format=portal` : `${base}&format=csv&table=${download}`;
}

export const gstr1Query = (month: string) =>
  queryOptions({
    queryKey: ['reports', 'gstr1', month],
    queryFn: () => api.get<Gstr1Answer>(gstr1Url(month)),
    staleTime: 0,
    placeholderData: keepPreviousData,
    // A 409 (no GSTIN) is an answer, not a hiccup: asking again changes nothing.
    retry: false,
  });

export function useGstr1(month: string) {
  return useQuery({ ...gstr1Query(month), enabled: isMonth(month) });
}
