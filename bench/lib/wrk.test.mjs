import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findWrk, luaString, wrkLoad } from './wrk.mjs';

describe('the Lua text of a request', () => {
  it('escapes every byte outside printable ASCII in three digits, so a digit after it stays a digit', () => {
    expect(luaString('"0')).toBe('"\\0340"');
    expect(luaString('a\\1')).toBe('"a\\0921"');
    expect(luaString('आ')).toBe('"\\224\\164\\134"');
    expect(luaString('/api/x?q=1')).toBe('"/api/x?q=1"');
  });
});

const wrk = findWrk();

describe.skipIf(!wrk)('a wrk run (wrk installed)', () => {
  /** What arrived: method, path, cookie and body of each request. */
  const received = [];
  let server;
  let base = '';
  const scriptDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandi-wrk-test-'));

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        received.push(`${request.method} ${request.url} ${request.headers.cookie ?? '-'} ${body || '-'}`);
        // A slow answer keeps the run to a few dozen requests.
        setTimeout(() => {
          response.writeHead(request.url === '/refused' ? 409 : 200, { 'content-type': 'text/plain' });
          response.end('ok');
        }, 20);
      });
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${server.address().port}`;
  });
  afterAll(() => {
    server?.close();
    fs.rmSync(scriptDir, { recursive: true, force: true });
  });

  it('sends each variant as it was, byte for byte, in turn, and counts the refused ones', async () => {
    const variants = [
      { path: '/api/product/suggest?q=%E0%A4%86', headers: { cookie: 'token="0a\\1"' }, body: '{"q":"आलू 0"}' },
      { path: '/refused' },
    ];
    const figures = await wrkLoad(wrk, {
      base,
      method: 'POST',
      variants,
      headers: {},
      connections: 1,
      duration: 1,
      scriptDir,
      name: 'test',
    });
    expect(new Set(received)).toEqual(
      new Set(['POST /api/product/suggest?q=%E0%A4%86 token="0a\\1" {"q":"आलू 0"}', 'POST /refused - -']),
    );
    expect(figures.total).toBeGreaterThan(4);
    // Every other request was refused (409): wrk counts an answer of 400 or more as an error.
    expect(figures.errors).toBeGreaterThanOrEqual(Math.floor(figures.total / 2) - 1);
    expect(figures.failures[0]).toMatch(/not 2xx or 3xx/);
  });
});
