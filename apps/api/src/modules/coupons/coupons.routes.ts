/**
 * Coupons HTTP routes (decision 0044): the admin's coupons (with their uses), and the shopper's
 * check of a code before placing. Placing an order with `couponCode` is the orders route's.
 */
import {
  couponAnswerSchema,
  couponBodySchema,
  couponCheckAnswerSchema,
  couponCheckQuerySchema,
  couponsAnswerSchema,
  messageAnswerSchema,
} from '@mandi/shared/schemas';
import { serverMessage } from '@mandi/shared/server-messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { currentUser, requireAdmin, requireUser } from '../../lib/session.js';
import { failureResponses, idParamsSchema, parseId } from '../../lib/validation.js';
import * as coupons from './coupons.service.js';

export type CouponsRouteDeps = AppDeps & { now?: () => Date };

const tags = ['coupons'];

const TEN_MINUTES = 10 * 60_000;

export async function couponsRoutes(app: FastifyInstance, deps: CouponsRouteDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service: coupons.CouponsDeps = { db: deps.db, work: deps.work, now: deps.now ?? (() => new Date()) };

  api.get(
    '/api/admin/coupons',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'Every coupon (admin), the last day first to end first, each with its uses (orders not cancelled)',
        response: { 200: couponsAnswerSchema, ...failureResponses },
      },
    },
    async () => ({ success: true as const, coupons: await coupons.listCoupons(deps.db) }),
  );

  api.post(
    '/api/admin/coupons',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary:
          'Make a coupon (admin): code 3-20 letters and digits (stored upper case, unique: 409), flat ₹ or 1-90 percent off the lines, a minimum basket, its first and last shop dates, maxUses (null: no limit), firstOrderOnly',
        body: couponBodySchema,
        response: { 201: couponAnswerSchema, ...failureResponses },
      },
    },
    async (request, reply) => {
      const coupon = await coupons.createCoupon(service, request.body);
      return reply.status(201).send({ success: true as const, ...serverMessage('couponCreated'), coupon });
    },
  );

  api.put(
    '/api/admin/coupons/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary:
          'Change a coupon (admin), the whole body as when made; orders already placed keep the terms they were placed with',
        params: idParamsSchema,
        body: couponBodySchema,
        response: { 200: couponAnswerSchema, ...failureResponses },
      },
    },
    async (request) => ({
      success: true as const,
      ...serverMessage('couponUpdated'),
      coupon: await coupons.updateCoupon(service, parseId(request.params.id, 'Coupon'), request.body),
    }),
  );

  api.delete(
    '/api/admin/coupons/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'Delete a coupon (admin); orders placed with it keep its code and discount',
        params: idParamsSchema,
        response: { 200: messageAnswerSchema, ...failureResponses },
      },
    },
    async (request) => {
      await coupons.deleteCoupon(service, parseId(request.params.id, 'Coupon'));
      return { success: true as const, ...serverMessage('couponDeleted') };
    },
  );

  api.get(
    '/api/coupons/check',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary:
          'Would this coupon apply to your basket of `subtotal` ₹ now? valid, the discount (₹) and the message saying what applies or why not; placing the order judges it again',
        querystring: couponCheckQuerySchema,
        response: { 200: couponCheckAnswerSchema, ...failureResponses },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      // Budgets per shopper and per address: a code is not to be found by trying them all (decision 0055).
      await deps.rateLimiter.hit({
        key: `coupon-check:user:${userId}`,
        max: deps.config.rateLimits.couponChecksPerUser,
        windowMs: TEN_MINUTES,
      });
      await deps.rateLimiter.hit({
        key: `coupon-check:ip:${request.ip}`,
        max: deps.config.rateLimits.couponChecksPerIp,
        windowMs: TEN_MINUTES,
      });
      return {
        success: true as const,
        ...(await coupons.checkCoupon(service, userId, request.query.code, request.query.subtotal)),
      };
    },
  );
}
