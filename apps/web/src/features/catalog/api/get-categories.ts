/** Every category (GET /api/category/get): the home grid and the products filter. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Category } from '../../../lib/types';

export const categoriesQuery = queryOptions({
  queryKey: ['categories'],
  queryFn: async () => (await api.get<{ Categories: Category[] }>('/api/category/get')).Categories,
});

export function useCategories() {
  return useQuery(categoriesQuery);
}
