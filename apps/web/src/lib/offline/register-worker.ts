/**
 * What the app does for the service worker (decision 0041), loaded once the page has (main.tsx):
 * registers `/sw.js`; reads the catalogue again when the worker says a kept answer was renewed,
 * and once the worker takes control of the page, so the listing this very visit fetched before
 * (uncontrolled) is kept for a start without network (decision 0055);
 * and remembers the shopper logged in here (never an admin) for a start without network, forgotten
 * as soon as the session says no one (logout, an ended session, a deleted account); the answers
 * kept for that shopper's offline reading (kept-answers.ts) are forgotten then too, and when
 * someone else logs in.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { User } from '../types';
import { forgetKeptAnswers } from './kept-store';

/** The same text as lib/auth/session.ts's (importing it would split the first page's code differently). */
const REMEMBERED_SHOPPER_KEY = 'mandi-last-shopper';
/** The queries that show the worker's stale-while-revalidate reads. */
const CATALOGUE_QUERIES = new Set(['products', 'categories', 'shop', 'reviews', 'rates']);

function remember(user: User | null | undefined): void {
  if (user === undefined) return;
  forgetKeptAnswers(user && user.role !== 'Admin' ? user._id : null);
  try {
    if (user && user.role !== 'Admin') localStorage.setItem(REMEMBERED_SHOPPER_KEY, JSON.stringify(user));
    else localStorage.removeItem(REMEMBERED_SHOPPER_KEY);
  } catch {
    // Storage refused (private mode): offline, the shopper shows as a visitor.
  }
}

export function startServiceWorker(queryClient: QueryClient): void {
  if (!('serviceWorker' in navigator)) return;
  // Offline the session query answers the remembered shopper itself: nothing new to remember then.
  if (navigator.onLine) remember(queryClient.getQueryData<User | null>(['session']));
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.query.queryKey[0] === 'session' && navigator.onLine) {
      remember(event.query.state.data as User | null | undefined);
    }
  });
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string } | null>) => {
    if (event.data?.type !== 'mandi-catalogue-changed') return;
    void queryClient.invalidateQueries({ predicate: (query) => CATALOGUE_QUERIES.has(String(query.queryKey[0])) });
  });
  // The first visit fetched the catalogue before any worker controlled the page: the worker never
  // saw it. When it takes control (it claims open pages on activation), the catalogue is read
  // again through it, and so kept.
  navigator.serviceWorker.addEventListener(
    'controllerchange',
    () => {
      void queryClient.refetchQueries({ predicate: (query) => CATALOGUE_QUERIES.has(String(query.queryKey[0])) });
    },
    { once: true },
  );
  // Offline there is no new worker to look for. A browser that refuses (private mode, a policy)
  // keeps working online, as before.
  if (navigator.onLine) navigator.serviceWorker.register('/sw.js').catch(() => undefined);
}
