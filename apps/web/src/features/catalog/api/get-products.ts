/** Product listings (GET /api/product/getAllProducts) and the single product read when adding to the cart. */
import type { ProductAnswer, ProductsAnswer } from '@mandi/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Product } from '../../../lib/types';
import { type ProductListQuery, toSearchParams } from '../products-filter';

export type ProductList = Pick<ProductsAnswer, 'products' | 'productsDocCount'>;

export const productsQuery = (query: ProductListQuery) =>
  queryOptions({
    queryKey: ['products', 'list', query],
    queryFn: async (): Promise<ProductList> => {
      const search = toSearchParams(query).toString();
      const data = await api.get<ProductsAnswer>(`/api/product/getAllProducts${search ? `?${search}` : ''}`);
      return { products: data.products, productsDocCount: data.productsDocCount };
    },
  });

export function useProducts(query: ProductListQuery) {
  return useQuery(productsQuery(query));
}

export async function fetchSingleProduct(id: string): Promise<Product> {
  return (await api.get<ProductAnswer>(`/api/product/getSingleProduct/${encodeURIComponent(id)}`)).product;
}
