/** Weighing HTTP routes: packing an order (admin) and the pick list (admin). */
import { SHOP_TIME_ZONE } from '@mandi/shared/kernel';
import {
  orderAnswerSchema,
  packOrderBodySchema,
  picklistAnswerSchema,
  picklistQuerySchema,
} from '@mandi/shared/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { sendCsv } from '../../lib/csv-stream.js';
import { sendJsonText } from '../../lib/response-cache.js';
import { currentUser, requireAdmin } from '../../lib/session.js';
import { failureResponses, idParamsSchema, parseId } from '../../lib/validation.js';
import type { OrderLifecycle } from '../orders/orders.service.js';
import { weighingCache } from './weighing.cache.js';
import * as weighing from './weighing.service.js';

const tags = ['weighing'];

export type WeighingDeps = AppDeps & { orderLifecycle: OrderLifecycle; now?: () => Date };

export async function weighingRoutes(
  app: FastifyInstance,
  { db, cache, orderLifecycle, now }: WeighingDeps,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.put(
    '/api/admin/orders/:id/pack',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary:
          'Pack a Processing order at the weighed weights (kg, whole grams, 0 = not available, at most 110 % of the ordered weight); again to correct',
        params: idParamsSchema,
        body: packOrderBodySchema,
        response: { 200: orderAnswerSchema, ...failureResponses },
      },
    },
    async (request) => {
      const id = parseId(request.params.id, 'Order');
      const { order } = await weighing.packWeighed(orderLifecycle, currentUser(request), id, request.body.items, {
        overKhataLimit: request.body.overKhataLimit === true,
      });
      return { success: true as const, order };
    },
  );

  api.get(
    '/api/admin/picklist',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: `Kilograms to buy and pack per product over the Processing orders of a shop date (default today, ${SHOP_TIME_ZONE}); &format=csv for CSV`,
        querystring: picklistQuerySchema,
        response: { 200: picklistAnswerSchema.or(z.string()), ...failureResponses },
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      const date = request.query.date ?? weighing.todayInShop(now);
      if (format === 'csv') {
        const picklist = await weighing.getPicklist(db, date);
        return sendCsv(reply, `picklist-${picklist.date}.csv`, weighing.picklistCsv(picklist.items));
      }
      const body = await cache.json(weighingCache.reads.picklist, date, async () => ({
        success: true,
        ...(await weighing.getPicklist(db, date)),
      }));
      return sendJsonText(reply, body);
    },
  );
}
