/** The home page's 'New Products' slider: GET /api/product/recent/products (newest first). */
import type { RecentProductsAnswer } from '@mandi/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const recentProductsQuery = queryOptions({
  queryKey: ['products', 'recent'],
  queryFn: async () => (await api.get<RecentProductsAnswer>('/api/product/recent/products')).products,
});

export function useRecentProducts() {
  return useQuery(recentProductsQuery);
}
