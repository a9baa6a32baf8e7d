import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/router';
import { startLanguage } from './lib/i18n';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 } },
});

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
