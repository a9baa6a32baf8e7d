/** Dashboard figures (GET /api/user/admin/stats): counts and the delivered amount, computed by the server. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface AdminStats {
  productsCount: number;
  usersCount: number;
  ordersCount: number;
  /** Rupees: the sum of the totals of Delivered orders. */
  deliveredAmount: number;
  outOfStockCount: number;
  inStockCount: number;
  /** The morning figures (issue 14); each is shown only when the server sends it. */
  billedByDay?: { date: string; amount: number }[];
  ordersByStatus?: Partial<Record<string, number>>;
  topProducts?: { productId: string | null; name: string; quantity: number }[];
  lowStock?: { _id: string; name: string; stock: number }[];
}

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
    };
  },
  staleTime: 0,
});

export function useAdminStats() {
  return useQuery(adminStatsQuery);
}
