import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/router';
import { startLanguage } from './lib/i18n';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: {
    // offlineFirst: a read is tried even when the browser says offline (the service worker may have
    // the answer, decision 0041), and a write fails at once instead of waiting for the network.
    queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1, networkMode: 'offlineFirst' },
    mutations: { networkMode: 'offlineFirst' },
  },
});

/** The queries that show kept catalogue answers (the service worker's stale-while-revalidate reads). */
const CATALOGUE_QUERIES = new Set(['products', 'categories', 'shop', 'reviews', 'rates']);
// The built app only (the development server's files change with every edit), after the page has
// loaded: the worker's code never competes with the first paint.
if (import.meta.env.PROD) {
  window.addEventListener(
    'load',
    () =>
      void import('./lib/offline/register-worker').then(({ registerServiceWorker }) =>
        registerServiceWorker(() => {
          void queryClient.invalidateQueries({
            predicate: (query) => CATALOGUE_QUERIES.has(String(query.queryKey[0])),
          });
        }),
      ),
    { once: true },
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const app = createRoot(root);
/** The first render gets a task of its own: evaluating the app's code and rendering it in one task blocks a phone twice as long. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
// A remembered Hindi choice loads its catalogue before the first render (no English flash).
void Promise.all([startLanguage(), nextTask()]).finally(() =>
  app.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  ),
);
