/**
 * The browser cart (docs/product.md#cart): a list of items kept in local storage under the
 * user-cart key, restored at start. Adding an item again replaces its quantity.
 */
import { CART_STORAGE_KEY, linePricePaise, type SubstitutionChoice } from '@mandi/shared';
import { paiseToRupees, type Unit } from '@mandi/shared/kernel';
import { useSyncExternalStore } from 'react';

export interface CartItem {
  id: string;
  name: string;
  /** The product's other names (its Devanagari one is shown under the name in Hindi); absent in carts stored before. */
  aliases?: string[];
  rate: number;
  stocks: number;
  /** The quantities offered, in `unit`. */
  kilogramOption: number[];
  image: string;
  /** In `unit`. */
  quantity: number;
  /** What the product is sold in; absent (carts stored before units, the spec's client) means kg. */
  unit?: Unit;
  /** What the shopper wants if the product is short when packed (decision 0043); absent means skip. */
  substitution?: SubstitutionChoice;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let items: CartItem[] = readStoredCart();

function isCartItem(value: unknown): value is CartItem {
  const item = value as CartItem;
  return (
    typeof item?.id === 'string' &&
    typeof item.name === 'string' &&
    typeof item.rate === 'number' &&
    typeof item.quantity === 'number' &&
    item.quantity > 0 &&
    Array.isArray(item.kilogramOption)
  );
}

function readStoredCart(): CartItem[] {
  if (typeof localStorage === 'undefined') return [];
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isCartItem) : [];
  } catch {
    return [];
  }
}

function commit(next: CartItem[]): void {
  items = next;
  if (next.length) localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(next));
  else localStorage.removeItem(CART_STORAGE_KEY);
  for (const listener of listeners) listener();
}

export const cartStore = {
  getItems: (): CartItem[] => items,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /**
   * Adds an item, or replaces the quantity (and refreshes the product data) of one already in the
   * cart, keeping its substitution choice unless the new item brings one.
   */
  addItem(item: CartItem): void {
    const exists = items.some((entry) => entry.id === item.id);
    commit(
      exists
        ? items.map((entry) =>
            entry.id === item.id ? { ...item, substitution: item.substitution ?? entry.substitution } : entry,
          )
        : [...items, item],
    );
  },
  /** What to do if the product is short when packed: a similar item, a call, or skip it (decision 0043). */
  setSubstitution(id: string, substitution: SubstitutionChoice): void {
    commit(
      items.map((entry) => {
        if (entry.id !== id) return entry;
        const { substitution: _old, ...rest } = entry;
        return substitution === 'skip' ? rest : { ...rest, substitution };
      }),
    );
  },
  setQuantity(id: string, quantity: number): void {
    commit(items.map((entry) => (entry.id === id ? { ...entry, quantity } : entry)));
  },
  /** Replaces stored product data (rate, stock, name) with the server's current values. */
  refreshItem(id: string, patch: Partial<Omit<CartItem, 'id'>>): void {
    commit(items.map((entry) => (entry.id === id ? { ...entry, ...patch } : entry)));
  },
  removeItem(id: string): void {
    commit(items.filter((entry) => entry.id !== id));
  },
  clear(): void {
    commit([]);
  },
  /** Re-reads local storage (another tab changed it, or a test reset it). */
  reload(): void {
    items = readStoredCart();
    for (const listener of listeners) listener();
  },
};

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) cartStore.reload();
  });
}

/**
 * Why an item cannot be ordered as it stands, judged from the stock last read from the server:
 * sold out, or less left than the chosen weight. Null when it can go ahead.
 */
export function findStockProblem(item: Pick<CartItem, 'stocks' | 'quantity'>): 'outOfStock' | 'short' | null {
  if (!(item.stocks > 0)) return 'outOfStock';
  if (Math.round(item.quantity * 1000) > Math.round(item.stocks * 1000)) return 'short';
  return null;
}

/** The chosen weight if the product still sells it, else the largest option below it (or the smallest). */
export function fitQuantity(quantity: number, options: number[]): number {
  if (!options.length || options.includes(quantity)) return quantity;
  const sorted = [...options].sort((a, b) => a - b);
  const below = sorted.filter((option) => option <= quantity);
  return below.length ? (below[below.length - 1] as number) : (sorted[0] as number);
}

/** The lines added up in exact paise: the order's subtotal. */
export function cartTotalPaise(list: CartItem[]): number {
  return list.reduce((sum, item) => sum + linePricePaise(item.rate, item.quantity), 0);
}

/** The subtotal in ₹, as the wire and the formatters take it. */
export const cartTotal = (list: CartItem[]): number => paiseToRupees(cartTotalPaise(list));

export function useCart() {
  const cartItems = useSyncExternalStore(cartStore.subscribe, cartStore.getItems, cartStore.getItems);
  const totalPaise = cartTotalPaise(cartItems);
  return { items: cartItems, count: cartItems.length, total: paiseToRupees(totalPaise), totalPaise };
}
