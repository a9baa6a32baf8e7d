/** Dashboard figures (GET /api/user/admin/stats): counts and the delivered amount, computed by the server. */

import type { DashboardFigures, ShopStats } from '@mandi/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The figures the dashboard shows (`deliveredAmount`: rupees, the totals of Delivered orders). The
 * morning figures are optional: each block shows only when the answer carries it.
 */
export type AdminStats = Omit<ShopStats, 'success' | keyof DashboardFigures> & Partial<DashboardFigures>;

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
      ...(Array.isArray(data.billedByDay) ? { billedByDay: data.billedByDay } : {}),
      ...(data.ordersByStatus && typeof data.ordersByStatus === 'object'
        ? { ordersByStatus: data.ordersByStatus }
        : {}),
      ...(Array.isArray(data.topProducts) ? { topProducts: data.topProducts } : {}),
      ...(Array.isArray(data.lowStock) ? { lowStock: data.lowStock } : {}),
      ...(typeof data.figuresAsOf === 'string' ? { figuresAsOf: data.figuresAsOf } : {}),
    };
  },
  staleTime: 0,
});

export function useAdminStats() {
  return useQuery(adminStatsQuery);
}
