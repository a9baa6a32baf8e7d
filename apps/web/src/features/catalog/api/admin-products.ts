/** Admin product calls: a page of the admin list (searched, sorted), one product, and add/update/delete (multipart uploads). */

import { ADMIN_PRODUCTS_PAGE_SIZE, type AdminProductSort } from '@mandi/shared';
import type { Unit } from '@mandi/shared/kernel';
import type { AdminProduct, AdminProductsAnswer, MessageAnswer, NewProductAnswer } from '@mandi/shared/schemas';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ListParams, listQueryString } from '../../../components/admin/admin-list';
import { api } from '../../../lib/api-client';
import { appendTaxFields, type TaxFieldValues } from '../../billing';

export { ADMIN_PRODUCTS_PAGE_SIZE };

/** One page of the admin products table: the server pages, searches and sorts (10,000 products at scale). */
export const adminProductsQuery = (params: ListParams<AdminProductSort>) =>
  queryOptions({
    queryKey: ['products', 'admin-list', params],
    queryFn: async () => {
      const answer = await api.get<AdminProductsAnswer>(
        `/api/admin/products?${listQueryString(params, ADMIN_PRODUCTS_PAGE_SIZE)}`,
      );
      // The page travels with its rows, so the page links name the rows on screen, not the page asked for.
      return { items: answer.products, total: answer.productsDocCount, page: params.page };
    },
    staleTime: 0,
    // The page on screen stays while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useAdminProducts(params: ListParams<AdminProductSort>) {
  return useQuery(adminProductsQuery(params));
}

/**
 * One product as the admin reads it (GET /api/admin/products/:id): with its PLU, which the public
 * read leaves out, so a page opened by its address does not save the PLU away.
 */
export const adminProductQuery = (id: string) =>
  queryOptions({
    queryKey: ['products', 'admin-single', id],
    queryFn: async () =>
      (await api.get<{ success: true; product: AdminProduct }>(`/api/admin/products/${encodeURIComponent(id)}`))
        .product,
  });

export function useAdminProduct(id: string, options: { enabled: boolean }) {
  return useQuery({ ...adminProductQuery(id), enabled: options.enabled });
}

/**
 * What the product form sends; the image is left out on update when none was chosen, and an empty
 * HSN code or GST rate is left out so the category's default applies.
 */
export interface ProductFormValues extends TaxFieldValues {
  name: string;
  /** Other names, comma-separated, as the server takes them. */
  aliases: string;
  rate: string;
  stocks: string;
  category: string;
  /** What the product is sold in; the options and stock are in it. */
  unit: Unit;
  /** The quantities a shopper may pick, in `unit`, as typed ("0.25", "2"). */
  kilogramOption: string[];
  /** The product's number in a scale's barcode (1-99999), as typed; empty: none. */
  plu: string;
  image: File | null;
}

export function toProductFormData(values: ProductFormValues): FormData {
  const form = new FormData();
  form.append('name', values.name);
  form.append('aliases', values.aliases);
  form.append('rate', values.rate);
  form.append('stocks', values.stocks);
  form.append('category', values.category);
  form.append('unit', values.unit);
  for (const weight of values.kilogramOption) form.append('kilogramOption', weight);
  form.append('plu', values.plu.trim());
  appendTaxFields(form, values);
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
      api.post<NewProductAnswer>('/api/product/add', toProductFormData(values)),
    onSuccess: invalidate,
  });
}

export function useUpdateProduct(id: string) {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: (values: ProductFormValues) =>
      api.put<MessageAnswer>(`/api/product/update/${encodeURIComponent(id)}`, toProductFormData(values)),
    onSuccess: invalidate,
  });
}

export function useDeleteProduct() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: (id: string) => api.delete<MessageAnswer>(`/api/product/delete/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
  });
}
