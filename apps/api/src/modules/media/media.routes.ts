/** Serves stored images. Ids never change content (a replaced image gets a new id), so caching is immutable. */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.js';
import { notFound } from '../../lib/app-error.js';
import { parseId } from '../../lib/validation.js';
import { findImage } from './media.repository.js';

export async function mediaRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  app.get<{ Params: { id: string } }>('/api/images/:id', { schema: { hide: true } }, async (request, reply) => {
    const image = await findImage(db, parseId(request.params.id, 'Image'));
    if (!image) throw notFound('Image');
    return reply
      .type(image.contentType)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'")
      .send(image.data);
  });
}
