import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BROTLI_QUICK, BROTLI_STRONG, brotliWindowBits, compress } from './content-encoding.js';

describe('brotli window', () => {
  it('fits the body in bytes, between the smallest window and the default', () => {
    expect(brotliWindowBits('{}')).toBe(zlib.constants.BROTLI_MIN_WINDOW_BITS);
    expect(brotliWindowBits('x'.repeat(4080))).toBe(12);
    expect(brotliWindowBits('x'.repeat(4081))).toBe(13);
    // Devanagari is three bytes a character: 1,200 characters need the 4 KB window, not the 2 KB one.
    expect(brotliWindowBits('आलू'.repeat(400))).toBe(12);
    expect(brotliWindowBits(Buffer.alloc(8 * 1024 * 1024))).toBe(zlib.constants.BROTLI_DEFAULT_WINDOW);
  });

  it('compresses as small as the default window does (within a few bytes), decoding to the body', async () => {
    const body = JSON.stringify(
      Array.from({ length: 60 }, (_, i) => ({ _id: `p${i}`, name: `आलू ${i}`, rate: 30 + i, unit: 'kg' })),
    );
    for (const isStrong of [false, true]) {
      const fitted = await compress(body, 'br', isStrong);
      expect(zlib.brotliDecompressSync(fitted).toString('utf8')).toBe(body);
      const usual = zlib.brotliCompressSync(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: isStrong ? BROTLI_STRONG : BROTLI_QUICK,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      });
      expect(fitted.length).toBeLessThanOrEqual(usual.length + 4);
    }
  });
});
