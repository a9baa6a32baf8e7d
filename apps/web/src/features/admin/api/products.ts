/** Admin product calls: the full list, one product, and add/update/delete (multipart uploads). */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Product } from '../../../lib/types';

/** The server's largest page: a whole shop's catalogue on one table. */
const ADMIN_LIST_LIMIT = 500;

export const adminProductsQuery = queryOptions({
  queryKey: ['products', 'admin-list'],
  queryFn: async () =>
    (await api.get<{ products: Product[] }>(`/api/product/getAllProducts?limit=${ADMIN_LIST_LIMIT}`)).products,
  staleTime: 0,
});

export function useAdminProducts() {
  return useQuery(adminProductsQuery);
}

export const adminProductQuery = (id: string) =>
  queryOptions({
    queryKey: ['products', 'single', id],
    queryFn: async () =>
      (await api.get<{ product: Product }>(`/api/product/getSingleProduct/${encodeURIComponent(id)}`)).product,
  });

export function useAdminProduct(id: string, options: { enabled: boolean }) {
  return useQuery({ ...adminProductQuery(id), enabled: options.enabled });
}

/** What the product form sends; the image is left out on update when none was chosen. */
export interface ProductFormValues {
  name: string;
  /** Other names, comma-separated, as the server takes them. */
  aliases: string;
  rate: string;
  stocks: string;
  category: string;
  kilogramOption: string[];
  image: File | null;
}

export function toProductFormData(values: ProductFormValues): FormData {
  const form = new FormData();
  form.append('name', values.name);
  form.append('aliases', values.aliases);
  form.append('rate', values.rate);
  form.append('stocks', values.stocks);
  form.append('category', values.category);
  for (const weight of values.kilogramOption) form.append('kilogramOption', weight);
  if (values.image) form.append('image', values.image);
  return form;
}

function useInvalidateCatalogue() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['products'] }),
      queryClient.invalidateQueries({ queryKey: ['admin'] }),
    ]);
}

export function useAddProduct() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: (values: ProductFormValues) =>
      api.post<{ message: string; newProduct: Product }>('/api/product/add', toProductFormData(values)),
    onSuccess: invalidate,
  });
}

export function useUpdateProduct(id: string) {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: (values: ProductFormValues) =>
      api.put<{ message: string }>(`/api/product/update/${encodeURIComponent(id)}`, toProductFormData(values)),
    onSuccess: invalidate,
  });
}

export function useDeleteProduct() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(`/api/product/delete/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
  });
}
