/** The pick list for a date (GET /api/admin/picklist) and the stock on hand beside it. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Product } from '../../../lib/types';

export interface PickListItem {
  /** Null for a product deleted since it was ordered. */
  productId: string | null;
  name: string;
  /** How much to buy and pack, in `unit`. */
  quantity: number;
  /** How many orders hold the product. */
  orders: number;
  /** Their numbers, smallest first, shown #1042 (decision 0023). */
  orderNumbers?: number[];
  /** kg, litre, piece, dozen, bunch or pack; kg when absent. */
  unit?: string;
  /** Of those not yet packed, the orders whose shopper takes a similar item, and who want a call, if short (decision 0043). */
  similarOrderNumbers?: number[];
  callOrderNumbers?: number[];
}

export const pickListUrl = (date: string, format?: 'csv') =>
  `/api/admin/picklist?date=${encodeURIComponent(date)}${format ? `&format=${format}` : ''}`;

export const pickListQuery = (date: string) =>
  queryOptions({
    queryKey: ['picklist', date],
    queryFn: async () =>
      (await api.get<{ success: boolean; date: string; items: PickListItem[] }>(pickListUrl(date))).items,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function usePickList(date: string) {
  return useQuery({ ...pickListQuery(date), enabled: /^\d{4}-\d{2}-\d{2}$/.test(date) });
}

/** The server's largest page: the whole catalogue in one call, read for its stock figures. */
const CATALOGUE_LIMIT = 500;

export const stockQuery = queryOptions({
  queryKey: ['products', 'stock-by-id'],
  queryFn: async () => {
    const { products } = await api.get<{ products: Product[] }>(`/api/product/getAllProducts?limit=${CATALOGUE_LIMIT}`);
    return new Map(products.map((product) => [product._id, product.stocks]));
  },
  staleTime: 30_000,
});

export function useStockById() {
  return useQuery(stockQuery);
}
