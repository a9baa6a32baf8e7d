/** helmet's headers, worked out once, on pages, API answers and refusals alike. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { securityHeaders } from './security-headers.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

describe('security headers', () => {
  it('sends the same set on an API answer, a refusal and a miss', async () => {
    for (const url of ['/api/category/get', '/api/user/my/orders', '/api/nothing']) {
      const response = await t.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("img-src 'self' data: blob:");
      expect(csp, url).not.toContain('upgrade-insecure-requests');
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
      expect(response.headers['cross-origin-embedder-policy'], url).toBeUndefined();
      expect(response.headers['x-powered-by'], url).toBeUndefined();
    }
  });

  it('asks for HTTPS only when the shop is served over it', () => {
    expect(securityHeaders({ hsts: false })['Strict-Transport-Security']).toBeUndefined();
    expect(securityHeaders({ hsts: true })['Strict-Transport-Security']).toMatch(/^max-age=\d+/);
  });
});
