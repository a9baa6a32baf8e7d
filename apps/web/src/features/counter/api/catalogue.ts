/**
 * The counter's catalogue (GET /api/admin/counter/catalogue): the products on sale in rate-board
 * order and the customers with their khata. Each answer is kept in the counter's database, and
 * read back when the network fails, so the counter sells offline at the prices it last knew.
 * The read runs whatever the browser says of its network (`networkMode: 'always'`): offline it
 * answers the kept snapshot at once instead of waiting.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { isNetworkFailure } from '../../../lib/offline/kept-answers';
import { type CounterStore, readKept, writeKept } from '../counter-db';
import type { BarcodeRules, CatalogueAnswer, CounterCustomer, CounterProduct } from './counter-types';

/** The shop's rules until it sets its own (contract "The scale and barcodes"): 21 a weight, 23 a price. */
const DEFAULT_BARCODE_RULES: BarcodeRules = [
  { prefix: '21', valueKind: 'weight' },
  { prefix: '23', valueKind: 'price' },
];

export const CATALOGUE_URL = '/api/admin/counter/catalogue';
const CATALOGUE_KEY = 'catalogue';

export interface CounterCatalogue {
  products: CounterProduct[];
  customers: CounterCustomer[];
  /** How scale labels are read, so a label scans offline too (a copy kept before they were sent: the default rules). */
  barcodeRules: BarcodeRules;
  /** When the server answered it (ms). */
  keptAt: number;
  /** Read from this device's copy: the server could not be reached. */
  isKept: boolean;
}

async function readCatalogue(store: CounterStore): Promise<CounterCatalogue> {
  try {
    const { products, customers, barcodeRules } = await api.get<CatalogueAnswer>(CATALOGUE_URL);
    const fresh = { products, customers, barcodeRules: barcodeRules ?? DEFAULT_BARCODE_RULES, keptAt: Date.now() };
    // A copy that cannot be written (storage full) costs only the offline fallback.
    await writeKept(store, CATALOGUE_KEY, fresh).catch(() => undefined);
    return { ...fresh, isKept: false };
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    const kept = await readKept<Omit<CounterCatalogue, 'isKept'>>(store, CATALOGUE_KEY).catch(() => undefined);
    if (!kept) throw error;
    return { ...kept, barcodeRules: kept.barcodeRules ?? DEFAULT_BARCODE_RULES, isKept: true };
  }
}

export const catalogueQuery = (store: CounterStore) =>
  queryOptions({
    queryKey: ['admin', 'counter', 'catalogue'],
    queryFn: () => readCatalogue(store),
    networkMode: 'always',
    staleTime: 60_000,
    retry: false,
  });

export function useCounterCatalogue(store: CounterStore) {
  return useQuery(catalogueQuery(store));
}
