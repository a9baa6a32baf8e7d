/**
 * On opening the checkout every cart item is read again from the server
 * (GET /api/product/getSingleProduct/{id}), so the page shows today's name, rate and stock.
 * A product the shop no longer sells is reported, never silently kept or dropped.
 */
import type { ProductAnswer } from '@mandi/shared/schemas';
import { useEffect, useState } from 'react';
import { ApiError, api } from '../../../lib/api-client';
import { weightOptionsOf } from '../../../lib/types';
import { cartStore, fitQuantity } from '../../cart';

export async function refreshCartItem(id: string): Promise<'refreshed' | 'missing' | 'unknown'> {
  try {
    // `no-cache`: the service worker asks the server first (its kept copy only offline), so the rate is today's.
    const { product } = await api.get<ProductAnswer>(`/api/product/getSingleProduct/${encodeURIComponent(id)}`, {
      cache: 'no-cache',
    });
    const kilogramOption = weightOptionsOf(product);
    const current = cartStore.getItems().find((item) => item.id === id);
    cartStore.refreshItem(id, {
      name: product.name,
      aliases: product.aliases,
      rate: product.rate,
      stocks: product.stocks,
      image: product.url,
      kilogramOption,
      unit: product.unit ?? 'kg',
      quantity: fitQuantity(current?.quantity ?? kilogramOption[0] ?? 0, kilogramOption),
    });
    return 'refreshed';
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return 'missing';
    // Offline or a server hiccup: keep the item as it is; the server checks everything when ordering.
    return 'unknown';
  }
}

/** Refreshes the cart once per visit; returns the ids of products that no longer exist. */
export function useRefreshedCart(): { missingIds: ReadonlySet<string>; isChecking: boolean } {
  const [missingIds, setMissingIds] = useState<ReadonlySet<string>>(new Set());
  const [isChecking, setIsChecking] = useState(() => cartStore.getItems().length > 0);

  useEffect(() => {
    let isCurrent = true;
    const ids = cartStore.getItems().map((item) => item.id);
    if (!ids.length) {
      setIsChecking(false);
      return;
    }
    setIsChecking(true);
    Promise.all(ids.map(async (id) => [id, await refreshCartItem(id)] as const)).then((results) => {
      if (!isCurrent) return;
      setMissingIds(new Set(results.filter(([, result]) => result === 'missing').map(([id]) => id)));
      setIsChecking(false);
    });
    return () => {
      isCurrent = false;
    };
  }, []);

  return { missingIds, isChecking };
}
