/**
 * /api/docs documents every route the app registers, with the parts its schema declares: path
 * parameters, query, body and the success answer. Routes are collected as Fastify registers them
 * (onRoute), so a new route without schemas fails here.
 */
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from './build-test-app.js';

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses?: Record<string, unknown>;
}
type Spec = { paths: Record<string, Record<string, Operation>> };

let t: TestApp;
const routes: RouteOptions[] = [];

beforeAll(async () => {
  t = await buildTestApp({}, { onRoute: (route) => routes.push(route) });
});
afterAll(() => t.close());

/** The app's own routes: not the docs pages themselves, not the HEAD twins Fastify adds to GETs. */
function appRoutes() {
  return routes
    .filter((route) => !route.url.startsWith('/api/docs'))
    .flatMap((route) => [route.method].flat().map((method) => ({ method, route })))
    .filter(({ method }) => method !== 'HEAD');
}

const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');

const BODILESS_WRITES = new Set([
  '/api/user/logOut',
  '/api/user/confirm-email/:id/:token',
  '/api/user/my/email-confirmation',
]);

describe('/api/docs', () => {
  it('documents every registered route with its params, query, body and success answer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const spec = body<Spec>(response);
    const found = appRoutes();
    expect(found.length).toBeGreaterThanOrEqual(25);

    for (const { method, route } of found) {
      const where = `${method} ${route.url}`;
      const operation = spec.paths[openApiPath(route.url)]?.[method.toLowerCase()];
      expect(operation, `${where} is not in /api/docs`).toBeDefined();
      if (!operation) continue;
      const schema = (route.schema ?? {}) as Record<string, unknown>;

      // Every route declares its success answer, and the docs show it.
      const successCodes = Object.keys((schema.response ?? {}) as object).filter((code) => /^2\d\d$/.test(code));
      expect(successCodes.length, `${where} declares no success response`).toBeGreaterThan(0);
      for (const code of successCodes) expect(operation.responses?.[code], `${where} ${code}`).toBeDefined();
      expect(operation.responses?.['4XX'] ?? operation.responses?.['4xx'], `${where} failure answer`).toBeDefined();

      const pathNames = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]);
      const documentedPath = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      expect(documentedPath.sort(), `${where} path parameters`).toEqual(pathNames.sort());

      if (schema.querystring) {
        expect(
          (operation.parameters ?? []).some((p) => p.in === 'query'),
          `${where} query parameters`,
        ).toBe(true);
      }
      if (method === 'POST' || method === 'PUT') {
        // Every write takes a body, and its fields are documented, but those whose URL or session
        // says it all: logging out, following a mailed confirmation link, asking for a new one.
        if (!BODILESS_WRITES.has(route.url)) expect(schema.body, `${where} declares no body`).toBeDefined();
      }
      if (schema.body) {
        const content = Object.values(operation.requestBody?.content ?? {});
        expect(content.length, `${where} request body`).toBeGreaterThan(0);
        expect(JSON.stringify(content), `${where} body fields`).toContain('"properties"');
      }
    }
  });

  it('explains the contract names where they are declared', async () => {
    const spec = JSON.stringify(body(await t.app.inject({ method: 'GET', url: '/api/docs/json' })));
    for (const name of ['AllOrders', 'oStatus', '$numberDecimal', 'isUserExit', 'UserRole']) {
      expect(spec).toContain(`"${name}"`);
    }
  });
});
