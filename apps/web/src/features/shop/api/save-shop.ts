/**
 * The admin's save of the shop's profile (PUT /api/admin/shop). The answer is the profile as saved:
 * it becomes the shop query's data at once, so the header, footer and pages change without a
 * reload; the query is then asked again, as every other browser does after its 5 minutes.
 */
import type { ShopAnswer, ShopUpdateBody } from '@mandi/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { shopIdentityQuery, shopQuery } from '../../../lib/shop/shop';

export function useSaveShop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ShopUpdateBody) => (await api.put<ShopAnswer>('/api/admin/shop', body)).shop,
    onSuccess: (shop) => {
      queryClient.setQueryData(shopQuery.queryKey, shop);
      queryClient.setQueryData(shopIdentityQuery.queryKey, shop);
    },
  });
}
