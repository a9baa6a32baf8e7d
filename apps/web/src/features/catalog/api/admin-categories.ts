/** Admin category calls: add, rename (with the Hindi name, optionally a new image) and delete; the list is the shop's own query (get-categories.ts). */
import type { DeletedCategoryAnswer, MessageAnswer, NewCategoryAnswer } from '@mandi/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface CategoryFormValues {
  categoryName: string;
  /** An empty one clears the category's Hindi name; undefined leaves it as it is. */
  categoryNameHi: string | undefined;
  categoryImage: File | null;
}

function toCategoryFormData(values: CategoryFormValues): FormData {
  const form = new FormData();
  form.append('categoryName', values.categoryName);
  if (values.categoryNameHi !== undefined) form.append('categoryNameHi', values.categoryNameHi);
  if (values.categoryImage) form.append('categoryImage', values.categoryImage);
  return form;
}

function useInvalidateCategories() {
  const queryClient = useQueryClient();
  // Products carry their category's name and image, so they are refreshed too.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['categories'] }),
      queryClient.invalidateQueries({ queryKey: ['products'] }),
    ]);
}

export function useAddCategory() {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: (values: CategoryFormValues) =>
      api.post<NewCategoryAnswer>('/api/category/add', toCategoryFormData(values)),
    onSuccess: invalidate,
  });
}

export function useUpdateCategory(id: string) {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: (values: CategoryFormValues) =>
      api.put<MessageAnswer>(`/api/category/update/${encodeURIComponent(id)}`, toCategoryFormData(values)),
    onSuccess: invalidate,
  });
}

export function useDeleteCategory() {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: (id: string) => api.delete<DeletedCategoryAnswer>(`/api/category/delete/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
  });
}
