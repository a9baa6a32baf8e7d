/**
 * Serves stored images, and the placeholder drawn for an item without one (decision 0057). Ids never
 * change content (a replaced image gets a new id), nor does a placeholder's address (it carries the
 * name it draws and the drawing's version), so caching is immutable for both.
 */
import { IMAGE_WIDTHS, PLACEHOLDER_IMAGE_PATH } from '@mandi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { notFound } from '../../lib/app-error.js';
import { failureResponses, idParamsSchema, parseId } from '../../lib/validation.js';
import { imageVariant } from './image-variants.js';
import { findImage } from './media.repository.js';
import { drawPlaceholder } from './placeholder-image.js';

const imageQuery = z.object({
  w: z.coerce
    .number()
    .refine((width) => (IMAGE_WIDTHS as readonly number[]).includes(width), {
      message: `w must be one of ${IMAGE_WIDTHS.join(', ')}`,
    })
    .optional(),
});

const placeholderQuery = z.object({
  name: z.string().optional().meta({ description: "The item's name, drawn with its initial" }),
});

const IMMUTABLE = 'public, max-age=31536000, immutable';

export async function mediaRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    PLACEHOLDER_IMAGE_PATH,
    {
      schema: {
        tags: ['images'],
        summary: "The picture of an item without one: its initial and name in the shop's colours (SVG)",
        querystring: placeholderQuery,
        response: {
          // Text sent as it is, never serialized: the schema only documents it.
          200: z.any().meta({ type: 'string', description: 'The SVG (image/svg+xml)' }),
          ...failureResponses,
        },
      },
    },
    (request, reply) =>
      reply
        .type('image/svg+xml; charset=utf-8')
        .header('Cache-Control', IMMUTABLE)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'")
        .send(drawPlaceholder(request.query.name ?? '')),
  );

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
        .header('Cache-Control', IMMUTABLE)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'")
        .send(data);
    },
  );
}
