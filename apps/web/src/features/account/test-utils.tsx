/** Test helpers for the account screens: a fetch stub that answers by method and path, and a router + query wrapper. */
import type { ReactNode } from 'react';
import { Route, useLocation } from 'react-router';
import { type JsonAnswer, renderRoutes, stubJsonFetch } from '../../test-utils';

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

export type Handler = (call: Call) => JsonAnswer | Promise<JsonAnswer>;

export function stubFetch(handler: Handler) {
  return stubJsonFetch<Call>(
    (input, init = {}) => ({
      method: init.method ?? 'GET',
      path: String(input),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    }),
    handler,
  );
}

function CurrentPath() {
  const location = useLocation();
  return <output data-testid="path">{location.pathname}</output>;
}

export function renderRoute(
  element: ReactNode,
  { path = '/', url = path, extraRoutes = [] }: { path?: string; url?: string; extraRoutes?: string[] } = {},
) {
  return renderRoutes(
    url,
    <>
      <Route path={path} element={element} />
      {['/', ...extraRoutes]
        .filter((extra) => extra !== path)
        .map((extra) => (
          <Route key={extra} path={extra} element={<p>Page {extra}</p>} />
        ))}
    </>,
    <CurrentPath />,
  );
}
