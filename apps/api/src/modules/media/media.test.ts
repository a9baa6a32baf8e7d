import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { encodeImage } from '../../lib/images.js';
import { storeImage } from './media.service.js';

let t: TestApp;
let url: string;

beforeAll(async () => {
  t = await buildTestApp();
  const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#2f855a' } })
    .png()
    .toBuffer();
  url = `/api/images/${await storeImage(t.db, await encodeImage(png))}`;
});
afterAll(() => t.close());

const widthOf = async (data: Buffer) => (await sharp(data).metadata()).width;

describe('GET /api/images/{id}', () => {
  it('serves the stored picture, immutable, as WebP', async () => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await widthOf(response.rawPayload)).toBe(400);
  });

  it('serves a smaller copy at one of the offered widths, never a larger one', async () => {
    const small = await t.app.inject({ url: `${url}?w=128` });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/webp');
    expect(await widthOf(small.rawPayload)).toBe(128);
    expect(small.rawPayload.length).toBeLessThan((await t.app.inject({ url })).rawPayload.length);
    // Asked again: the same bytes (kept in memory).
    expect((await t.app.inject({ url: `${url}?w=128` })).rawPayload.equals(small.rawPayload)).toBe(true);
  });

  it('refuses any other width with a 400, and an unknown picture with a 404', async () => {
    for (const w of ['100', '5000', 'abc', '-64']) {
      const response = await t.app.inject({ url: `${url}?w=${w}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false });
    }
    const missing = await t.app.inject({ url: '/api/images/00000000-0000-4000-8000-000000000000?w=128' });
    expect(missing.statusCode).toBe(404);
  });
});
