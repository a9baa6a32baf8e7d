/** Test helpers for the admin screens: a fetch stub that records JSON and FormData bodies, and a router + query wrapper. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import type { Category, Product } from '../../lib/types';

export interface Call {
  method: string;
  path: string;
  json?: unknown;
  form?: FormData;
}

type Answer = { status?: number; body: unknown };
export type Handler = (call: Call) => Answer | Promise<Answer>;

export function stubFetch(handler: Handler): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const call: Call = {
        method: init.method ?? 'GET',
        path: String(input),
        json: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        form: init.body instanceof FormData ? init.body : undefined,
      };
      calls.push(call);
      const answer = await handler(call);
      return new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

export function renderAdmin(
  element: ReactNode,
  { path, url = path, state }: { path: string; url?: string; state?: unknown },
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[{ pathname: url, state }]}>
        <Routes>
          <Route path={path} element={element} />
          <Route path="*" element={<p>Elsewhere</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}

export const vegetables: Category = { _id: 'c-veg', categoryName: 'Vegetables', categoryImage: '/api/images/c1' };
export const fruits: Category = { _id: 'c-fruit', categoryName: 'Fruits', categoryImage: '/api/images/c2' };

export function product(overrides: Partial<Product> = {}): Product {
  return {
    _id: 'p-1',
    name: 'Desi Tomato',
    url: '/api/images/p1',
    rate: 38.5,
    stocks: 12,
    kilogramOption: [{ $numberDecimal: '1' }, { $numberDecimal: '2' }],
    category: vegetables,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
