/** Review HTTP routes: the public list, a user's own review, and the admin's delete. */

import { messageAnswerSchema, reviewSchema, reviewsAnswerSchema } from '@mandi/shared/schemas';
import { serverMessage } from '@mandi/shared/server-messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { sendJsonText } from '../../lib/response-cache.js';
import { currentUser, requireAdmin, requireUser } from '../../lib/session.js';
import { failureResponses, idParamsSchema, pageNumberSchema, pageSizeSchema, parseId } from '../../lib/validation.js';
import { reviewsCache } from './reviews.cache.js';
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
        response: { 200: reviewsAnswerSchema, ...failureResponses },
      },
    },
    async (request, reply) => {
      const { page, limit } = request.query;
      const body = await cache.json(reviewsCache.reads.list, { page, limit }, async () => ({
        success: true,
        ...(await reviews.listReviews(db, { page, limit })),
      }));
      return sendJsonText(reply, body);
    },
  );

  api.post(
    '/api/user/add/review',
    {
      onRequest: requireUser,
      schema: {
        tags: ['reviews'],
        summary: 'Add or replace my review',
        body: reviewSchema,
        response: { 200: messageAnswerSchema, 201: messageAnswerSchema, ...failureResponses },
      },
    },
    async (request, reply) => {
      const { isNew } = await reviews.saveReview(work, currentUser(request).id, request.body);
      return reply
        .status(isNew ? 201 : 200)
        .send({ success: true as const, ...serverMessage(isNew ? 'reviewAdded' : 'reviewUpdated') });
    },
  );

  api.delete(
    '/api/user/admin/review/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['reviews'],
        summary: 'Delete a review (admin)',
        params: idParamsSchema,
        response: { 200: messageAnswerSchema, ...failureResponses },
      },
    },
    async (request) => {
      await reviews.removeReview(work, parseId(request.params.id, 'Review'));
      return { success: true as const, ...serverMessage('reviewDeleted') };
    },
  );
}
