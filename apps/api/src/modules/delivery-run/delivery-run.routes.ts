/** The delivery run's routes (admin, decision 0033): the run sheet (JSON or CSV), the day's cash close and the closes. */
import { shopDateOf } from '@mandi/shared/kernel';
import {
  cashCloseAnswerSchema,
  cashCloseBodySchema,
  cashClosesAnswerSchema,
  cashClosesQuerySchema,
  deliveryRunAnswerSchema,
  deliveryRunQuerySchema,
} from '@mandi/shared/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { sendCsv } from '../../lib/csv-stream.js';
import { sendJsonText } from '../../lib/response-cache.js';
import { currentUser, requireAdmin } from '../../lib/session.js';
import { failureResponses } from '../../lib/validation.js';
import { deliveryRunCache } from './delivery-run.cache.js';
import * as run from './delivery-run.service.js';

export type DeliveryRunDeps = AppDeps & { now: () => Date };

const tags = ['delivery'];

export async function deliveryRunRoutes(
  app: FastifyInstance,
  { db, work, cache, now }: DeliveryRunDeps,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Who is asking is checked before the query or body: a stranger learns nothing from a 400.
  const admin = { preValidation: requireAdmin };

  api.get(
    '/api/admin/delivery/run',
    {
      ...admin,
      schema: {
        tags,
        summary:
          'The run sheet of a date (default today, shop time) and optionally one slot: the Shipped and Processing orders by slot start, PIN code and address, with the cash to collect at each (admin); &format=csv',
        querystring: deliveryRunQuerySchema,
        response: { 200: deliveryRunAnswerSchema.or(z.string()), ...failureResponses },
      },
    },
    async (request, reply) => {
      const { slotId, format } = request.query;
      const date = request.query.date ?? (slotId ? slotId.slice(-10) : shopDateOf(now()));
      if (format === 'csv') {
        return sendCsv(reply, `run-sheet-${date}.csv`, run.deliveryRunCsv(await run.deliveryRun(db, date, slotId)));
      }
      const body = await cache.json(deliveryRunCache.reads.runSheet, { date, slotId }, async () => ({
        success: true,
        ...(await run.deliveryRun(db, date, slotId)),
      }));
      return sendJsonText(reply, body);
    },
  );

  api.post(
    '/api/admin/delivery/run/close',
    {
      ...admin,
      schema: {
        tags,
        summary:
          "Close a shop date's cash (admin): keeps the expected cash, the Cash payments recorded that date and the amount counted; a date may be closed again, the latest close counts",
        body: cashCloseBodySchema,
        response: { 201: cashCloseAnswerSchema, ...failureResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        close: await run.closeDay(work, now(), currentUser(request).id, request.body),
      }),
  );

  api.get(
    '/api/admin/delivery/run/closes',
    {
      ...admin,
      schema: {
        tags,
        summary: 'The cash closes of the dates from..to (default the 30 days up to today), newest first (admin)',
        querystring: cashClosesQuerySchema,
        response: { 200: cashClosesAnswerSchema, ...failureResponses },
      },
    },
    async (request) => ({ success: true as const, closes: await run.listCloses(db, now(), request.query) }),
  );
}
