/** Review HTTP routes: the public list, a user's own review, and the admin's delete. */
import { reviewSchema } from '@mandi/shared/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { JSON_CONTENT_TYPE } from '../../lib/response-cache.js';
import { currentUser, requireAdmin, requireUser } from '../../lib/session.js';
import { pageNumberSchema, pageSizeSchema, parseId, parseInput } from '../../lib/validation.js';
import * as reviews from './reviews.service.js';

const listQuerySchema = z.object({
  page: pageNumberSchema.default(1),
  limit: pageSizeSchema(reviews.MAX_REVIEWS_PAGE_SIZE).default(reviews.DEFAULT_REVIEWS_PAGE_SIZE),
});

export async function reviewsRoutes(app: FastifyInstance, { db, cache, work }: AppDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/user/get/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: 'A page of reviews, newest first (20 unless ?limit=), with the total count',
        querystring: listQuerySchema,
      },
    },
    async (request, reply) => {
      const { page, limit } = request.query;
      const body = await cache.json(`reviews:${page}:${limit}`, ['reviews'], async () => ({
        success: true,
        ...(await reviews.listReviews(db, { page, limit })),
      }));
      return reply.type(JSON_CONTENT_TYPE).send(body);
    },
  );

  api.post(
    '/api/user/add/review',
    { preHandler: requireUser, schema: { tags: ['reviews'], summary: 'Add or replace my review' } },
    async (request, reply) => {
      const review = parseInput(reviewSchema, request.body);
      const { isNew } = await reviews.saveReview(work, currentUser(request).id, review);
      return reply
        .status(isNew ? 201 : 200)
        .send({ success: true, message: isNew ? 'Review added' : 'Review updated' });
    },
  );

  api.delete(
    '/api/user/admin/review/:id',
    {
      preHandler: requireAdmin,
      schema: { tags: ['reviews'], summary: 'Delete a review (admin)', params: z.object({ id: z.string() }) },
    },
    async (request) => {
      await reviews.removeReview(work, parseId(request.params.id, 'Review'));
      return { success: true, message: 'Review deleted' };
    },
  );
}
