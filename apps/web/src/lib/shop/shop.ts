/**
 * The shop's identity (name, contact, licences, grievance officer, policies, `demo`): the server
 * writes it into every page's `mandi-shop` slot, so the header and footer are right on the first
 * paint; without that slot (the development server) it is asked of the server (GET /api/shop).
 */
import type { Shop, ShopAnswer } from '@mandi/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';

/** The page's copy, used once: later reads (after the admin saves the profile) ask the server. */
let fromPage: Shop | undefined = readPageShop();

function readPageShop(): Shop | undefined {
  const text = typeof document === 'undefined' ? null : document.getElementById('mandi-shop')?.textContent;
  if (!text) return undefined;
  try {
    return (JSON.parse(text) as Shop | null) ?? undefined;
  } catch {
    return undefined;
  }
}

export const shopQuery = queryOptions({
  queryKey: ['shop'],
  queryFn: async (): Promise<Shop> => (await api.get<ShopAnswer>('/api/shop')).shop,
  initialData: () => {
    const page = fromPage;
    fromPage = undefined;
    return page;
  },
  staleTime: 5 * 60_000,
});

/** The shop, or undefined for the moment it is being asked for (no slot in the page). */
export function useShop(): Shop | undefined {
  return useQuery(shopQuery).data;
}
