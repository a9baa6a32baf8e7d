/**
 * Where a shopper's answers wait for offline reading (issue 42, decision 0041; kept-answers.ts
 * reads and writes them for the pages): local storage, under the shopper's id. Apart from the
 * pages' hook, so the worker's start (register-worker.ts) forgets them without loading more code.
 */

export const KEPT_ANSWERS_KEY = 'mandi-kept-answers';

export interface Kept<T> {
  data: T;
  /** When the server answered it (ms since the epoch). */
  keptAt: number;
}

interface Store {
  userId: string;
  answers: Record<string, Kept<unknown>>;
}

function readStore(): Store | null {
  try {
    const store = JSON.parse(localStorage.getItem(KEPT_ANSWERS_KEY) ?? 'null') as Store | null;
    return typeof store?.userId === 'string' && typeof store.answers === 'object' && store.answers !== null
      ? store
      : null;
  } catch {
    return null;
  }
}

/** Only where a service worker can open the page offline: there they are read, and the worker's start forgets them. */
const canKeep = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

/** Keeps `data` as `name` for the shopper; another shopper's answers are dropped first. */
export function keepAnswer(userId: string, name: string, data: unknown, keptAt: number): void {
  if (!canKeep()) return;
  const store = readStore();
  const answers = store?.userId === userId ? store.answers : {};
  try {
    localStorage.setItem(
      KEPT_ANSWERS_KEY,
      JSON.stringify({ userId, answers: { ...answers, [name]: { data, keptAt } } }),
    );
  } catch {
    // Full or refused: keep nothing rather than an older copy that would pass for the last one.
    forgetKeptAnswers(null);
  }
}

export function readKeptAnswer<T>(userId: string, name: string): Kept<T> | null {
  const store = readStore();
  return store?.userId === userId ? ((store.answers[name] as Kept<T> | undefined) ?? null) : null;
}

/** Forgets every kept answer, except those of `shopperId` (the shopper now logged in, if any). */
export function forgetKeptAnswers(shopperId: string | null): void {
  try {
    if (readStore()?.userId !== shopperId || shopperId === null) localStorage.removeItem(KEPT_ANSWERS_KEY);
  } catch {
    // Storage refused: nothing was kept either.
  }
}
