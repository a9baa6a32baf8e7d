/**
 * The shop's identity (name, contact, licences, grievance officer, `demo`): the server writes it
 * into every page's `mandi-shop` slot, so the header and footer are right on the first paint;
 * without that slot (the development server) it is asked of the server (GET /api/shop). The
 * policies (most of the profile's bytes) are not in the slot: their pages read the whole profile.
 */
import type { Shop, ShopAnswer, ShopIdentity } from '@mandi/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { setLiveShop } from '../i18n/texts';

/** The page's copy, used once: later reads (after the admin saves the profile) ask the server. */
let fromPage: ShopIdentity | undefined = readPageShop();
// A real shop's English corrects the spec's typos from the first paint (decision 0056).
setLiveShop(fromPage?.demo === false);

function readPageShop(): ShopIdentity | undefined {
  const text = typeof document === 'undefined' ? null : document.getElementById('mandi-shop')?.textContent;
  if (!text) return undefined;
  try {
    return (JSON.parse(text) as ShopIdentity | null) ?? undefined;
  } catch {
    return undefined;
  }
}

const getShop = async (): Promise<Shop> => {
  const { shop } = await api.get<ShopAnswer>('/api/shop');
  setLiveShop(shop.demo === false);
  return shop;
};

/** The whole profile, policies included (the policy pages, the admin's Shop settings). */
export const shopQuery = queryOptions({
  queryKey: ['shop', 'profile'],
  queryFn: getShop,
  staleTime: 5 * 60_000,
});

/** The identity every page shows, starting from the page's slot. */
export const shopIdentityQuery = queryOptions({
  queryKey: ['shop', 'identity'],
  queryFn: async (): Promise<ShopIdentity> => getShop(),
  initialData: () => {
    const page = fromPage;
    fromPage = undefined;
    return page;
  },
  staleTime: 5 * 60_000,
});

/** The shop's identity, or undefined for the moment it is being asked for (no slot in the page). */
export function useShop(): ShopIdentity | undefined {
  return useQuery(shopIdentityQuery).data;
}

/**
 * The shop's identity if the page (or an earlier read) has it, never asking the server: for
 * what every screen adds, like its tab title, which must not cost a request of its own.
 */
export function useKnownShop(): ShopIdentity | undefined {
  return useQuery({ ...shopIdentityQuery, enabled: false }).data;
}

/** The whole profile with its policies, or undefined while it is being read. */
export function useShopProfile(): Shop | undefined {
  return useQuery(shopQuery).data;
}
