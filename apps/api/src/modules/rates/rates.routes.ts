/**
 * The rate board's routes (decision 0036): the admin's board, a publish (now or at a moment), a
 * product's history, and the public list of the day (JSON with the chat text). Every rate read
 * first applies the scheduled changes that are due, so it never shows a rate that should be gone.
 */

import { RATE_BOARD_PAGE_SIZE } from '@mandi/shared';
import { shopDateOf } from '@mandi/shared/kernel';
import {
  adminRatesQuerySchema,
  rateHistoryAnswerSchema,
  rateHistoryQuerySchema,
  ratesAnswerSchema,
  ratesBodySchema,
  ratesTodayAnswerSchema,
  ratesTodayQuerySchema,
} from '@mandi/shared/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { sendJsonText } from '../../lib/response-cache.js';
import { currentUser, requireAdmin } from '../../lib/session.js';
import { failureResponses } from '../../lib/validation.js';
import { ratesCache } from './rates.cache.js';
import type { RateScheduler } from './rates.scheduler.js';
import * as rates from './rates.service.js';

export type RatesDeps = AppDeps & { now: () => Date; rateScheduler: RateScheduler };

const tags = ['rates'];

export async function ratesRoutes(
  app: FastifyInstance,
  { db, work, cache, shop, now, rateScheduler }: RatesDeps,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Who is asking is checked before the query or body: a stranger learns nothing from a 400.
  const admin = { preValidation: requireAdmin };

  api.get(
    '/api/admin/rates',
    {
      ...admin,
      schema: {
        tags,
        summary:
          'The rate board (admin): every product by category, then name, with its rate, previous rate, cost, margin % and the change scheduled for it; one page with ?page=&limit= (100 a page), q searching names and aliases, with the count matched as total',
        querystring: adminRatesQuerySchema,
        response: { 200: ratesAnswerSchema, ...failureResponses },
      },
    },
    async (request, reply) => {
      await rateScheduler.applyDue();
      const { page, limit, q } = request.query;
      if (page === undefined && limit === undefined && !q) {
        const text = await cache.json(ratesCache.reads.board, undefined, async () => ({
          success: true as const,
          rates: await rates.board(db),
        }));
        return sendJsonText(reply, text);
      }
      const query = { page: page ?? 1, limit: limit ?? RATE_BOARD_PAGE_SIZE, search: q ?? '' };
      const text = await cache.json(ratesCache.reads.boardPage, query, async () => ({
        success: true as const,
        ...(await rates.boardPage(db, query)),
      }));
      return sendJsonText(reply, text);
    },
  );

  api.put(
    '/api/admin/rates',
    {
      ...admin,
      schema: {
        tags,
        summary:
          'Publish rates (admin): all of them or none (a bad rate is a 400 naming its product); without effectiveAt now, with a future effectiveAt then, on every process; a schedule replaces the product’s pending one',
        body: ratesBodySchema,
        response: { 200: ratesAnswerSchema, ...failureResponses },
      },
    },
    async (request) => {
      await rates.publish(work, now(), currentUser(request).id, request.body);
      if (request.body.effectiveAt) rateScheduler.reaim();
      return { success: true as const, rates: await rates.board(db) };
    },
  );

  api.get(
    '/api/admin/rates/history',
    {
      ...admin,
      schema: {
        tags,
        summary: 'A product’s applied rate changes, newest first: old and new rate, when, by whom (admin)',
        querystring: rateHistoryQuerySchema,
        response: { 200: rateHistoryAnswerSchema, ...failureResponses },
      },
    },
    async (request) => {
      await rateScheduler.applyDue();
      return { success: true as const, changes: await rates.history(db, request.query.productId) };
    },
  );

  api.get(
    '/api/rates/today',
    {
      schema: {
        tags,
        summary:
          'Today’s rates of the products in stock, by category, then name, in English or Hindi (lang=hi: the Hindi names the catalogue has), with the list as text to paste into a chat',
        querystring: ratesTodayQuerySchema,
        response: { 200: ratesTodayAnswerSchema, ...failureResponses },
      },
    },
    async (request, reply) => {
      await rateScheduler.applyDue();
      const at = now();
      const language = request.query.lang ?? 'en';
      const text = await cache.json(ratesCache.reads.today, { language, date: shopDateOf(at) }, async () => ({
        success: true as const,
        ...(await rates.today(db, at, (await shop.current()).name, language)),
      }));
      return sendJsonText(reply, text);
    },
  );
}
