/** The top products of the last 30 days (GET /api/admin/dashboard/top-products), each in its own unit. */
import type { DashboardTopProductsAnswer } from '@mandi/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type DashboardTopProducts = Omit<DashboardTopProductsAnswer, 'success'>;

/**
 * Under `orders`, so every order change made from the admin screens asks again (the server's answer
 * may lag the orders by a minute, decision 0047). An answer without the products (an older server)
 * gives null: the block stays away.
 */
export const dashboardTopProductsQuery = queryOptions({
  queryKey: ['orders', 'dashboard-top-products'],
  queryFn: async (): Promise<DashboardTopProducts | null> => {
    const data = await api.get<Partial<DashboardTopProducts>>('/api/admin/dashboard/top-products');
    if (!Array.isArray(data.products) || !data.from || !data.to || !data.figuresAsOf) return null;
    return { from: data.from, to: data.to, figuresAsOf: data.figuresAsOf, products: data.products };
  },
  staleTime: 0,
});

export function useDashboardTopProducts() {
  return useQuery(dashboardTopProductsQuery);
}
