/** Test helpers shared by the feature test helpers: a JSON fetch stub, and a screen in a router with a query client. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, type MemoryRouterProps, Routes } from 'react-router';
import { vi } from 'vitest';

export type JsonAnswer = { status?: number; body: unknown };

/**
 * Replaces fetch: each request is turned into a record by `toCall` and kept (the returned list),
 * then answered with `handler`'s JSON body (status 200 unless it says otherwise).
 */
export function stubJsonFetch<C>(
  toCall: (input: string, init: RequestInit | undefined) => C,
  handler: (call: C) => JsonAnswer | Promise<JsonAnswer>,
): C[] {
  const calls: C[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const call = toCall(input, init);
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

/** Renders `routes` in a memory router opened at `initialEntry`, with a fresh query client that never retries. */
export function renderRoutes(
  initialEntry: NonNullable<MemoryRouterProps['initialEntries']>[number],
  routes: ReactNode,
  afterRoutes?: ReactNode,
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[initialEntry]}>
        <Routes>{routes}</Routes>
        {afterRoutes}
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}
