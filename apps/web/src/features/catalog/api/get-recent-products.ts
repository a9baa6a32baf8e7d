/** The home page's 'New Products' slider: GET /api/product/recent/products (newest first). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Product } from '../../../lib/types';

export const recentProductsQuery = queryOptions({
  queryKey: ['products', 'recent'],
  queryFn: async () => (await api.get<{ products: Product[] }>('/api/product/recent/products')).products,
});

export function useRecentProducts() {
  return useQuery(recentProductsQuery);
}
