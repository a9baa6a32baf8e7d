/** Dashboard figures (GET /api/user/admin/stats): counts and the delivered amount, computed by the server. */

import type { ShopStats } from '@mandi/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The figures the dashboard shows (`deliveredAmount`: rupees, the totals of Delivered orders). */
export type AdminStats = Omit<ShopStats, 'success'>;

export const adminStatsQuery = queryOptions({
  queryKey: ['admin', 'stats'],
  queryFn: async (): Promise<AdminStats> => {
    const data = await api.get<AdminStats>('/api/user/admin/stats');
    return {
      productsCount: data.productsCount,
      usersCount: data.usersCount,
      ordersCount: data.ordersCount,
      deliveredAmount: data.deliveredAmount,
      outOfStockCount: data.outOfStockCount,
      inStockCount: data.inStockCount,
    };
  },
  staleTime: 0,
});

export function useAdminStats() {
  return useQuery(adminStatsQuery);
}
