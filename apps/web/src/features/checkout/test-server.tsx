/** Test helpers for the checkout screens: a fake API behind fetch, and the screens in a router. */
import type { ReactNode } from 'react';
import { Route, useLocation } from 'react-router';
import type { Product, User } from '../../lib/types';
import { renderRoutes, stubJsonFetch } from '../../test-utils';

export interface FakeRequest {
  method: string;
  url: URL;
  body: unknown;
}
export type FakeHandler = (request: FakeRequest) => { status?: number; body: unknown } | undefined;

export const shopper: User = {
  _id: 'u-1',
  firstName: 'Asha',
  lastName: 'Patel',
  email: 'asha@example.com',
  role: 'User',
};

export function product(id: string, name: string, rate: number, stocks = 20, options = ['0.5', '1', '2']): Product {
  return {
    _id: id,
    name,
    url: `/img/${id}`,
    rate,
    stocks,
    kilogramOption: options.map((value) => ({ $numberDecimal: value })),
    category: { _id: 'c-1', categoryName: 'Fruits', categoryImage: '' },
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

/** Routes every fetch to `handler`; unhandled paths answer 404. Returns the recorded requests. */
export function fakeApi(options: { user: User | null; products?: Product[]; handler?: FakeHandler }): FakeRequest[] {
  return stubJsonFetch<FakeRequest>(
    (input, init) => ({
      method: init?.method ?? 'GET',
      url: new URL(input, 'http://localhost'),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    }),
    (request) => options.handler?.(request) ?? defaultAnswer(request.url, options),
  );
}

function defaultAnswer(url: URL, options: { user: User | null; products?: Product[] }) {
  if (url.pathname === '/api/user/getloggeduser') {
    return options.user
      ? { body: { success: true, user: options.user } }
      : { status: 401, body: { success: false, user: null, message: '' } };
  }
  if (url.pathname.startsWith('/api/product/getSingleProduct/')) {
    const id = decodeURIComponent(url.pathname.split('/').pop() ?? '');
    const found = options.products?.find((entry) => entry._id === id);
    return found
      ? { body: { success: true, product: found } }
      : { status: 404, body: { success: false, message: 'Product not found' } };
  }
  return { status: 404, body: { success: false, message: 'Not found' } };
}

function Where() {
  const location = useLocation();
  return (
    <p data-testid="location">
      {location.pathname}
      {location.state ? ` ${JSON.stringify(location.state)}` : ''}
    </p>
  );
}

export function renderAt(path: string, routes: Record<string, ReactNode>) {
  return renderRoutes(
    path,
    <>
      {Object.entries(routes).map(([routePath, element]) => (
        <Route key={routePath} path={routePath} element={element} />
      ))}
      <Route path="*" element={<Where />} />
    </>,
  );
}
