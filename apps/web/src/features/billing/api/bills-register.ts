/** The bills register of a month (GET /api/admin/bills?month=YYYY-MM), and its CSV for the accountant. */
import type { BillsRegisterAnswer } from '@mandi/shared/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const isMonth = (month: string) => /^\d{4}-(0[1-9]|1[0-2])$/.test(month);

export const billsUrl = (month: string, format: 'json' | 'csv' = 'json') =>
  `/api/admin/bills?month=${encodeURIComponent(month)}&format=${format}`;

export const billsQuery = (month: string) =>
  queryOptions({
    queryKey: ['bills', month],
    queryFn: () => api.get<BillsRegisterAnswer>(billsUrl(month)),
    staleTime: 0,
    // The month on screen stays while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useBillsRegister(month: string) {
  return useQuery({ ...billsQuery(month), enabled: isMonth(month) });
}
