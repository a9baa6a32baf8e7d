/** Review HTTP routes: the public list, a user's own review, and the admin's delete. */
import { reviewSchema } from '@mandi/shared/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app.js';
import { currentUser, requireAdmin, requireUser } from '../../lib/session.js';
import { parseId, parseInput } from '../../lib/validation.js';
import * as reviews from './reviews.service.js';

export async function reviewsRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/user/get/reviews',
    { schema: { tags: ['reviews'], summary: 'Every review, newest first' } },
    async () => ({ success: true, reviews: await reviews.listReviews(db) }),
  );

  api.post(
    '/api/user/add/review',
    { preHandler: requireUser, schema: { tags: ['reviews'], summary: 'Add or replace my review' } },
    async (request, reply) => {
      const review = parseInput(reviewSchema, request.body);
      const { isNew } = await reviews.saveReview(db, currentUser(request).id, review);
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
      await reviews.removeReview(db, parseId(request.params.id, 'Review'));
      return { success: true, message: 'Review deleted' };
    },
  );
}
