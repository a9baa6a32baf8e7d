/**
 * JSON answers of about a kilobyte and more go out compressed (brotli or gzip, as the client
 * accepts); smaller ones as they are. A cached answer's compressed bytes come from the response
 * cache, so a hot read is compressed once per cache fill.
 */
import type { FastifyInstance } from 'fastify';
import { compress, MIN_COMPRESSED_BYTES, preferredEncoding, varyOnEncoding } from './content-encoding.js';
import type { ResponseCache } from './response-cache.js';

export function registerJsonCompression(app: FastifyInstance, cache: ResponseCache): void {
  // A callback hook, not an async one: most answers pass straight through without a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    // Characters ≤ bytes: a string this short may still be just over the bound, never far over.
    if (payload.length < MIN_COMPRESSED_BYTES || reply.hasHeader('content-encoding')) return done(null, payload);
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('application/json')) return done(null, payload);
    varyOnEncoding(reply);
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    const compressed = typeof payload === 'string' ? cache.encoded(payload, encoding) : compress(payload, encoding);
    compressed.then(
      (bytes) => {
        reply.header('Content-Encoding', encoding).header('Content-Length', bytes.length);
        done(null, bytes);
      },
      (error: Error) => done(error),
    );
  });
}
