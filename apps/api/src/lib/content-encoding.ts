/**
 * Content-coding negotiation and compression shared by the web app's files (compressed at build
 * time) and the JSON answers (compressed here, once per cache fill for the cached ones).
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply } from 'fastify';

export type Encoding = 'br' | 'gzip';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const MIN_COMPRESSED_BYTES = 1024;

// Looked up at each call (not bound once), so a test can count the compressions.
const brotli = (body: string | Buffer, options: zlib.BrotliOptions) => promisify(zlib.brotliCompress)(body, options);
const gzip = (body: string | Buffer, options: zlib.ZlibOptions) => promisify(zlib.gzip)(body, options);

/**
 * Uncached answers smaller than this are compressed on the event loop. Handing a small body to the
 * thread pool costs more CPU than compressing it: for a 2 KB order, 0.27 ms against 0.05 ms
 * (brotli or gzip alike), a sixth of an order's whole CPU at checkout rates.
 */
const SYNC_COMPRESS_MAX_CHARS = 16 * 1024;

export const BROTLI_STRONG = 6;
export const BROTLI_QUICK = 5;

/**
 * `cached` answers are compressed once and then sent many times, so they get a stronger setting
 * and run on the thread pool (the event loop keeps serving meanwhile), as do large answers. Brotli's
 * strong setting is 6, not 9: on a 200-product listing (107 KB of JSON) 9 took 14 ms against 1.7 ms
 * for 0.4% fewer bytes, and a listing is filled again after every stock move of its products, with
 * its first asker waiting for the compressing.
 */
export function compress(body: string | Buffer, encoding: Encoding, cached = false): Promise<Buffer> {
  const inline = !cached && body.length < SYNC_COMPRESS_MAX_CHARS;
  if (encoding === 'br') {
    const options = {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: cached ? BROTLI_STRONG : BROTLI_QUICK,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [zlib.constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(body),
      },
    };
    return inline ? settle(() => zlib.brotliCompressSync(body, options)) : brotli(body, options);
  }
  const options = { level: cached ? 9 : 6 };
  return inline ? settle(() => zlib.gzipSync(body, options)) : gzip(body, options);
}

/**
 * Brotli's window fitted to the body (from 1 KB up to its default 4 MB). The encoder sizes its
 * tables by the window: for an answer of a few kilobytes, setting up and freeing the default's
 * cost far more than the compressing (at the strong setting, 2-10 ms against 0.05-0.3 ms for 1.5-5 KB
 * of JSON; in a profile of the morning peak, freeing encoders was 3% of each process's CPU, on the
 * event loop), and the bytes are the same: nothing in the body lies further back than its length.
 */
export function brotliWindowBits(body: string | Buffer): number {
  const bytes = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  // The window holds 2^bits - 16 bytes.
  const bits = Math.ceil(Math.log2(bytes + 16));
  return Math.min(zlib.constants.BROTLI_DEFAULT_WINDOW, Math.max(zlib.constants.BROTLI_MIN_WINDOW_BITS, bits));
}

/** The same promise shape whether the work ran here or on the thread pool. */
function settle(work: () => Buffer): Promise<Buffer> {
  try {
    return Promise.resolve(work());
  } catch (error) {
    return Promise.reject(error);
  }
}

const choices = new Map<string, Encoding | null>();
const MAX_REMEMBERED = 200;

/**
 * The best coding a request accepts: brotli, then gzip, by their q-values (q=0 refuses one; `*`
 * stands for those not named); null for the plain bytes. Browsers send a handful of distinct
 * headers, so the parsed answers are remembered.
 */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  const known = choices.get(header);
  if (known !== undefined) return known;
  const quality: Record<string, number> = {};
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const match = /^q\s*=\s*([0-9.]+)$/.exec(param);
      if (match) q = Number(match[1]);
    }
    quality[name] = Number.isFinite(q) ? q : 0;
  }
  const of = (name: Encoding) =>
    quality[name] ?? (name === 'gzip' ? quality['x-gzip'] : undefined) ?? quality['*'] ?? 0;
  const br = of('br');
  const gz = of('gzip');
  const choice: Encoding | null = br > 0 && br >= gz ? 'br' : gz > 0 ? 'gzip' : null;
  if (choices.size >= MAX_REMEMBERED) choices.clear();
  choices.set(header, choice);
  return choice;
}

/** Adds Accept-Encoding to the answer's Vary header (shared caches keep one copy per coding). */
export function varyOnEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  if (!current) {
    reply.header('Vary', 'Accept-Encoding');
    return;
  }
  const value = String(current);
  if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(value)) reply.header('Vary', `${value}, Accept-Encoding`);
}
