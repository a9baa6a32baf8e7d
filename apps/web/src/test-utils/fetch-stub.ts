/**
 * The one fetch stub for the web tests: every request is recorded as a `Call` and answered with JSON
 * by the test's handler. A handler that returns nothing falls back to the shop's usual answers (the
 * session from `user`, a single product from `products`), then to a 404, so a test writes only the
 * answers it is about.
 */
import { vi } from 'vitest';
import type { Product, User } from '../lib/types';

export interface Call {
  method: string;
  /** The path as fetched, query string included. */
  path: string;
  /** The JSON body, parsed; undefined for none or a form. */
  body: unknown;
  /** The multipart body, present only when one was sent. */
  form?: FormData;
}

export type JsonAnswer = { status?: number; body: unknown };
export type Handler = (call: Call) => JsonAnswer | undefined | Promise<JsonAnswer | undefined>;

export interface ShopDefaults {
  /** When given, GET /api/user/getloggeduser answers this user (or 401 for null). */
  user?: User | null;
  /** Answered by GET /api/product/getSingleProduct/:id. */
  products?: Product[];
}

/** The pathname of a recorded call, without its query string. */
export function pathnameOf(call: Call): string {
  return new URL(call.path, 'http://localhost').pathname;
}

/** Replaces fetch; returns the list of calls, filled as requests arrive. */
export function stubFetch(handler: Handler = () => undefined, defaults: ShopDefaults = {}): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const call: Call = {
        method: init.method ?? 'GET',
        path: String(input),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        ...(init.body instanceof FormData ? { form: init.body } : {}),
      };
      calls.push(call);
      const answer = (await handler(call)) ?? defaultAnswer(call, defaults);
      return new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

function defaultAnswer(call: Call, defaults: ShopDefaults): JsonAnswer {
  const pathname = pathnameOf(call);
  if (pathname === '/api/user/getloggeduser' && defaults.user !== undefined) {
    return defaults.user
      ? { body: { success: true, user: defaults.user } }
      : { status: 401, body: { success: false, user: null, message: '' } };
  }
  if (pathname.startsWith('/api/product/getSingleProduct/') && defaults.products) {
    const id = decodeURIComponent(pathname.split('/').pop() ?? '');
    const found = defaults.products.find((entry) => entry._id === id);
    return found
      ? { body: { success: true, product: found } }
      : { status: 404, body: { success: false, message: 'Product not found' } };
  }
  return { status: 404, body: { success: false, message: 'Not found' } };
}
