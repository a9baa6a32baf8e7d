/** One product for its page (GET /api/product/getSingleProduct/:id), under 'products' so a catalogue change refreshes it. */
import type { ProductAnswer } from '@mandi/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import type { Product } from '../../../lib/types';

export const productQuery = (productId: string) =>
  queryOptions({
    queryKey: ['products', 'one', productId],
    queryFn: async (): Promise<Product> =>
      (await api.get<ProductAnswer>(`/api/product/getSingleProduct/${encodeURIComponent(productId)}`)).product,
    // A product that is not there (404) is not asked for again.
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
  });

export function useProduct(productId: string) {
  return useQuery(productQuery(productId));
}

/** The product is not in the shop (deleted, or a wrong address). */
export const isMissingProduct = (error: unknown) => error instanceof ApiError && error.status === 404;
