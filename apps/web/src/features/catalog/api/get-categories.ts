/** Every category (GET /api/category/get): the home grid and the products filter. */
import type { CategoriesAnswer } from '@mandi/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const categoriesQuery = queryOptions({
  queryKey: ['categories'],
  queryFn: async () => (await api.get<CategoriesAnswer>('/api/category/get')).Categories,
});

export function useCategories() {
  return useQuery(categoriesQuery);
}
