/**
 * Buying at the mandi (decision 0035): purchases by date (GET and POST /api/admin/purchases),
 * suppliers and their payments, write-offs and the wastage list, and the product search of the
 * purchase entry (the admin's product list, searched by name). A purchase or a write-off moves
 * stock, so it reloads the product lists too.
 */
import type {
  AdminProductsAnswer,
  Purchase,
  PurchaseAnswer,
  PurchaseBody,
  PurchasesAnswer,
  SupplierAnswer,
  SupplierPaymentBody,
  SuppliersAnswer,
  WastageAnswer,
  WastageBody,
  WastageListAnswer,
} from '@mandi/shared/schemas';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const rangeQuery = (from?: string, to?: string) => {
  const query = new URLSearchParams();
  if (from) query.set('from', from);
  if (to) query.set('to', to);
  return query.size ? `?${query}` : '';
};

export const purchasesQuery = (from?: string, to?: string) =>
  queryOptions({
    queryKey: ['purchases', 'list', from ?? '', to ?? ''],
    queryFn: () => api.get<PurchasesAnswer>(`/api/admin/purchases${rangeQuery(from, to)}`),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function usePurchases(from?: string, to?: string) {
  return useQuery(purchasesQuery(from, to));
}

export const suppliersQuery = queryOptions({
  queryKey: ['purchases', 'suppliers'],
  queryFn: async () => (await api.get<SuppliersAnswer>('/api/admin/suppliers')).suppliers,
  staleTime: 0,
});

export function useSuppliers() {
  return useQuery(suppliersQuery);
}

export const wastageQuery = (from?: string, to?: string) =>
  queryOptions({
    queryKey: ['purchases', 'wastage', from ?? '', to ?? ''],
    queryFn: () => api.get<WastageListAnswer>(`/api/admin/wastage${rangeQuery(from, to)}`),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useWastage(from?: string, to?: string) {
  return useQuery(wastageQuery(from, to));
}

/** Products whose name holds `q` (at most 20), for a purchase line. */
export function useProductSearch(q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: ['products', 'purchase-search', text],
    queryFn: async () =>
      (
        await api.get<AdminProductsAnswer>(
          `/api/admin/products?${new URLSearchParams({ q: text, page: '1', limit: '20', sort: 'name' })}`,
        )
      ).products,
    enabled: text.length > 0,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

function useReloadAfterStockMove() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['purchases'] }),
      queryClient.invalidateQueries({ queryKey: ['products'] }),
    ]);
}

export function useSavePurchase() {
  const reload = useReloadAfterStockMove();
  return useMutation({
    mutationFn: async (body: PurchaseBody): Promise<{ purchase: Purchase; answer: PurchaseAnswer }> => {
      const answer = await api.post<PurchaseAnswer>('/api/admin/purchases', { ...body });
      return { purchase: answer.purchase, answer };
    },
    onSettled: reload,
  });
}

export function usePaySupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: SupplierPaymentBody }) =>
      api.post<SupplierAnswer>(`/api/admin/suppliers/${encodeURIComponent(id)}/payments`, { ...body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['purchases', 'suppliers'] }),
  });
}

export function useWriteOff() {
  const reload = useReloadAfterStockMove();
  return useMutation({
    mutationFn: (body: WastageBody) => api.post<WastageAnswer>('/api/admin/wastage', { ...body }),
    onSettled: reload,
  });
}
