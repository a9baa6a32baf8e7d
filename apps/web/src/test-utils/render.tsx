/** Screens under test in a memory router with a fresh query client, in the shapes the feature tests use. */
import type { Shop } from '@mandi/shared/schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, type MemoryRouterProps, Route, Routes, useLocation } from 'react-router';
import { shopIdentityQuery, shopQuery } from '../lib/shop/shop';

/**
 * Renders `routes` in a memory router opened at `initialEntry`, with a fresh query client that never
 * retries; `shop`: the profile the page would carry (a real shop's screens differ from the demo's).
 */
export function renderRoutes(
  initialEntry: NonNullable<MemoryRouterProps['initialEntries']>[number],
  routes: ReactNode,
  afterRoutes?: ReactNode,
  shop?: Shop,
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  if (shop) {
    queryClient.setQueryData(shopQuery.queryKey, shop);
    queryClient.setQueryData(shopIdentityQuery.queryKey, shop);
  }
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

function CurrentPath() {
  const location = useLocation();
  return <output data-testid="path">{location.pathname}</output>;
}

/** One screen at `path` (opened at `url`), placeholder pages at `/` and `extraRoutes`, the current path in a `path` test id. */
export function renderRoute(
  element: ReactNode,
  {
    path = '/',
    url = path,
    extraRoutes = [],
    shop,
  }: { path?: string; url?: string; extraRoutes?: string[]; shop?: Shop } = {},
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
    shop,
  );
}

/** One screen at `path`, opened at `url` with router `state`; any other path shows "Elsewhere". */
export function renderAdmin(
  element: ReactNode,
  { path, url = path, state, shop }: { path: string; url?: string; state?: unknown; shop?: Shop },
) {
  return renderRoutes(
    { pathname: url, state },
    <>
      <Route path={path} element={element} />
      <Route path="*" element={<p>Elsewhere</p>} />
    </>,
    undefined,
    shop,
  );
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

/** Several screens by route path, opened at `path`; any other path shows where it went in a `location` test id. */
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

/**
 * `ui` in a memory router at `url`, its query client already holding the shop's profile (as the
 * page's `mandi-shop` slot gives it), or none: the moment before the shop is known.
 */
export function renderWithShop(ui: ReactNode, shop: Shop | undefined, url = '/') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  if (shop) {
    queryClient.setQueryData(shopQuery.queryKey, shop);
    queryClient.setQueryData(shopIdentityQuery.queryKey, shop);
  }
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}
