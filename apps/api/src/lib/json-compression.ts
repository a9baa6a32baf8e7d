/**
 * JSON answers of about a kilobyte and more go out compressed (brotli or gzip, as the client
 * accepts); smaller ones as they are. A cached answer's compressed bytes come from the response
 * cache, so a hot read is compressed once per cache fill.
 */
import type { FastifyInstance } from 'fastify';
import { compress, MIN_COMPRESSED_BYTES, preferredEncoding, varyOnEncoding } from './content-encoding.js';
import type { ResponseCache } from './response-cache.js';

export function registerJsonCompression(app: FastifyInstance, cache: ResponseCache): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    // Characters ≤ bytes: a string this short may still be just over the bound, never far over.
    if (payload.length < MIN_COMPRESSED_BYTES || reply.hasHeader('content-encoding')) return payload;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('application/json')) return payload;
    varyOnEncoding(reply);
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const compressed =
      typeof payload === 'string' ? await cache.encoded(payload, encoding) : await compress(payload, encoding);
    reply.header('Content-Encoding', encoding).header('Content-Length', compressed.length);
    return compressed;
  });
}
