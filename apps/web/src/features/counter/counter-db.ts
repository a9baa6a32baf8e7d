/**
 * The counter's own database in the browser (IndexedDB, no library): what must outlive a reload,
 * a closed tab and a day without network. Two stores:
 * - `kept`: values by key: the catalogue snapshot, each device's bill count (`sequence:<device>`),
 *   the last bill made (`last:<device>`) and the held bills;
 * - `queue`: the sales not yet accepted by the server, by their `clientSaleId`.
 * A bill's number and its place in the queue are written in one transaction (sale-queue.ts), so
 * a number is never given twice nor a queued sale lost, whatever happens between two moments.
 */

export const COUNTER_DB_NAME = 'mandi-counter';
const VERSION = 1;
export const KEPT = 'kept';
export const QUEUE = 'queue';

/** One connection per page, opened on first use; `changed` tells the screen the queue moved. */
export interface CounterStore {
  open(): Promise<IDBDatabase>;
  subscribe(listener: () => void): () => void;
  changed(): void;
  close(): void;
}

/** The store of `factory` (the browser's `indexedDB`; a fresh fake one in tests). */
export function createCounterStore(factory: IDBFactory | undefined, name = COUNTER_DB_NAME): CounterStore {
  let opening: Promise<IDBDatabase> | null = null;
  const listeners = new Set<() => void>();
  return {
    open() {
      opening ??= openDatabase(factory, name).catch((error: unknown) => {
        opening = null;
        throw error;
      });
      return opening;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    changed() {
      for (const listener of listeners) listener();
    },
    close() {
      opening?.then((db) => db.close()).catch(() => undefined);
      opening = null;
    },
  };
}

function openDatabase(factory: IDBFactory | undefined, name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    if (!factory) {
      reject(new Error('IndexedDB is not available'));
      return;
    }
    const request = factory.open(name, VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(KEPT)) db.createObjectStore(KEPT);
      if (!db.objectStoreNames.contains(QUEUE)) db.createObjectStore(QUEUE, { keyPath: 'clientSaleId' });
    };
    request.onsuccess = () => {
      const db = request.result;
      // A newer page wants to upgrade: let it, this page opens again on its next use.
      db.onversionchange = () => db.close();
      resolve(db);
    };
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error('IndexedDB is blocked by another tab'));
  });
}

/** Resolves when the transaction has committed (written to disk), rejects when it failed. */
export function committed(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

export async function readKept<T>(store: CounterStore, key: string): Promise<T | undefined> {
  const db = await store.open();
  const tx = db.transaction(KEPT, 'readonly');
  const request = tx.objectStore(KEPT).get(key);
  await committed(tx);
  return request.result as T | undefined;
}

export async function writeKept(store: CounterStore, key: string, value: unknown): Promise<void> {
  const db = await store.open();
  const tx = db.transaction(KEPT, 'readwrite');
  tx.objectStore(KEPT).put(value, key);
  await committed(tx);
}
