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

// The service worker (decision 0041), in the built app only (the development server's files change
// with every edit), a few seconds after the page has loaded: its install downloads the shop's files,
// which must not compete with the first visit's own (on two cores, or a phone's one radio).
const WORKER_DELAY_MS = 5000;
// MODE, not PROD: a build run under NODE_ENV=test (the server's web-app test) is still the shipped app.
if (import.meta.env.MODE === 'production') {
  window.addEventListener(
    'load',
    () =>
      setTimeout(
        () =>
          void import('./lib/offline/register-worker')
            .then(({ startServiceWorker }) => startServiceWorker(queryClient))
            .catch(() => undefined),
        WORKER_DELAY_MS,
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
