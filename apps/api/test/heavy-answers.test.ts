/**
 * Heavy answers at the scale of a busy month (issue 29, decision 0039): 2,000 bills (seeded with
 * SQL, as the scale data set is) exported whole and right as the bills register's CSV, the margin
 * report's CSV and GSTR-1, read in pages and written in slices. That no slice holds the event loop
 * long is measured by `bench/timings/heavy-answers.timing.ts` (decision 0054). PGlite, and
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './build-test-app.js';
import { buildBusyMonth } from './busy-month.js';

/** Eight pages of the bills register's 250 (the timing benchmark measures 8,000). */
const BILLS = 2000;
let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  ({ t, adminCookie } = await buildBusyMonth(BILLS));
}, 120_000);
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ url, headers: { cookie: adminCookie } });

describe('heavy answers at the scale of a busy month', () => {
  it('the bills register CSV of 2,000 bills', async () => {
    const result = await get('/api/admin/bills?month=2026-09&format=csv');
    expect(result.statusCode).toBe(200);
    const lines = result.body.split('\r\n');
    expect(lines).toHaveLength(BILLS + 2);
    expect(lines[1]).toMatch(/^"M\/26-27\/000001",/);
    expect(lines[BILLS]).toMatch(/^"M\/26-27\/002000",/);
  });

  it('the margin report CSV over the month', async () => {
    const result = await get('/api/admin/reports/margin?from=2026-09-01&to=2026-09-30&format=csv');
    expect(result.statusCode).toBe(200);
    expect(result.body.split('\r\n')).toHaveLength(8 + 3);
  });

  it('GSTR-1 of the month, and one of its tables as CSV', async () => {
    for (const url of [
      '/api/admin/gst/gstr1?period=092026',
      '/api/admin/gst/gstr1?period=092026&format=csv&table=hsn',
    ]) {
      const result = await get(url);
      expect(result.statusCode, result.body.slice(0, 300)).toBe(200);
    }
  });
});
