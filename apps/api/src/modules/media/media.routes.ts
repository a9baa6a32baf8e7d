/** Serves stored images. Ids never change content (a replaced image gets a new id), so caching is immutable. */
import { IMAGE_WIDTHS } from '@mandi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { notFound } from '../../lib/app-error.js';
import { failureResponses, idParamsSchema, parseId } from '../../lib/validation.js';
import { imageVariant } from './image-variants.js';
import { findImage } from './media.repository.js';

const imageQuery = z.object({
  w: z.coerce
    .number()
    .refine((width) => (IMAGE_WIDTHS as readonly number[]).includes(width), {
      message: `w must be one of ${IMAGE_WIDTHS.join(', ')}`,
    })
    .optional(),
});

export async function mediaRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/images/:id',
    {
      schema: {
        tags: ['images'],
        summary: 'A stored picture, or a WebP copy at one of the offered widths (?w=)',
        params: idParamsSchema,
        querystring: imageQuery,
        response: {
          // A Buffer, never serialized: the schema only documents the bytes.
          200: z.any().meta({
            type: 'string',
            format: 'binary',
            description: 'The image bytes (image/webp when ?w= is given)',
          }),
          ...failureResponses,
        },
      },
    },
    async (request, reply) => {
      const id = parseId(request.params.id, 'Image');
      const image = await findImage(db, id);
      if (!image) throw notFound('Image');
      const width = request.query.w;
      const data = width === undefined ? image.data : await imageVariant(id, image.data, width);
      return reply
        .type(width === undefined ? image.contentType : 'image/webp')
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'")
        .send(data);
    },
  );
}
