/** Test helpers for the admin screens: a fetch stub that records JSON and FormData bodies, and a router + query wrapper. */
import type { ReactNode } from 'react';
import { Route } from 'react-router';
import type { Category, Product } from '../../lib/types';
import { type JsonAnswer, renderRoutes, stubJsonFetch } from '../../test-utils';

export interface Call {
  method: string;
  path: string;
  json?: unknown;
  form?: FormData;
}

export type Handler = (call: Call) => JsonAnswer | Promise<JsonAnswer>;

export function stubFetch(handler: Handler): Call[] {
  return stubJsonFetch<Call>(
    (input, init = {}) => ({
      method: init.method ?? 'GET',
      path: String(input),
      json: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      form: init.body instanceof FormData ? init.body : undefined,
    }),
    handler,
  );
}

export function renderAdmin(
  element: ReactNode,
  { path, url = path, state }: { path: string; url?: string; state?: unknown },
) {
  return renderRoutes(
    { pathname: url, state },
    <>
      <Route path={path} element={element} />
      <Route path="*" element={<p>Elsewhere</p>} />
    </>,
  );
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
