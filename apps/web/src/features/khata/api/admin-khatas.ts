/**
 * The admin's Khata screen's list, apart from the other khata calls: it uses the admin tables' kit,
 * and the checkout's payment choice imports the feature's calls (a shopper's first page must not
 * carry admin code, nor the service worker precache it).
 */
import { ADMIN_KHATAS_PAGE_SIZE } from '@mandi/shared';
import type { KhataAccountsAnswer } from '@mandi/shared/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type ListParams, listQueryString } from '../../../components/admin/admin-list';
import { api } from '../../../lib/api-client';

export { ADMIN_KHATAS_PAGE_SIZE };

/**
 * One page of the admin's Khata screen, searched on the server (decision 0039: 500 khatas at scale);
 * the totals are over every khata.
 */
export const adminKhatasQuery = (params: ListParams<never>) =>
  queryOptions({
    queryKey: ['khata', 'admin', 'list', params],
    queryFn: async () => {
      const { accounts, totals, total } = await api.get<KhataAccountsAnswer>(
        `/api/admin/khata?${listQueryString(params, ADMIN_KHATAS_PAGE_SIZE)}`,
      );
      // The page travels with its rows, so the page links name the rows on screen, not the page asked for.
      return { items: accounts, totals, total, page: params.page };
    },
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useAdminKhatas(params: ListParams<never>) {
  return useQuery(adminKhatasQuery(params));
}
