/**
 * Standing orders HTTP routes (contract part 4, "Standing orders"; decision 0064): the shopper's
 * own (anyone else's is a 404), the admin's view and run of a date, and the shop's closed dates.
 */
import {
  closedDateAnswerSchema,
  closedDateBodySchema,
  closedDatesAnswerSchema,
  messageAnswerSchema,
  standingDateSchema,
  subscriptionAnswerSchema,
  subscriptionCreateSchema,
  subscriptionPauseSchema,
  subscriptionSkipSchema,
  subscriptionsAnswerSchema,
  subscriptionsDayAnswerSchema,
  subscriptionsDayQuerySchema,
  subscriptionsRunAnswerSchema,
  subscriptionsRunSchema,
  subscriptionUpdateSchema,
} from '@mandi/shared/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireAdmin, requireUser } from '../../lib/session.js';
import { failureResponses } from '../../lib/validation.js';
import * as standing from './subscriptions.service.js';

const idParams = z.object({ id: z.string() });
const skipParams = z.object({ id: z.string(), date: standingDateSchema('date') });
const pauseParams = z.object({ id: z.string(), pauseId: z.string() });
const dateParams = z.object({ date: standingDateSchema('date') });

export async function subscriptionsRoutes(app: FastifyInstance, deps: standing.SubscriptionsDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['standing orders'];
  const mine = { onRequest: requireUser };
  const admin = { onRequest: requireAdmin };

  api.post(
    '/api/user/my/subscriptions',
    {
      ...mine,
      schema: {
        tags,
        summary:
          'Start a standing order of one product (one of its quantities) on a schedule, to a saved address, paid COD or on the khata; from a date whose cut-off has not passed; at most 20 running',
        body: subscriptionCreateSchema,
        response: { 201: subscriptionAnswerSchema, ...failureResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        subscription: await standing.createSubscription(deps, currentUser(request).id, request.body),
      }),
  );

  api.get(
    '/api/user/my/subscriptions',
    {
      ...mine,
      schema: {
        tags,
        summary:
          'Your standing orders (running first), each with its next delivery and the coming two weeks, with the cut-off and the shop’s closed dates',
        response: { 200: subscriptionsAnswerSchema, ...failureResponses },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await standing.listSubscriptions(deps, currentUser(request).id)),
    }),
  );

  api.put(
    '/api/user/my/subscriptions/:id',
    {
      ...mine,
      schema: {
        tags,
        summary:
          'Change a standing order’s quantity, schedule, address, slot or payment: from the first date whose cut-off has not passed',
        params: idParams,
        body: subscriptionUpdateSchema,
        response: { 200: subscriptionAnswerSchema, ...failureResponses },
      },
    },
    async (request) => ({
      success: true as const,
      subscription: await standing.updateSubscription(deps, currentUser(request).id, request.params.id, request.body),
    }),
  );

  api.delete(
    '/api/user/my/subscriptions/:id',
    {
      ...mine,
      schema: {
        tags,
        summary: 'End a standing order from the first date whose cut-off has not passed',
        params: idParams,
        response: { 200: messageAnswerSchema, ...failureResponses },
      },
    },
    async (request) => {
      const message = await standing.endSubscription(deps, currentUser(request).id, request.params.id);
      return { success: true as const, message: message.message };
    },
  );

  api.post(
    '/api/user/my/subscriptions/:id/skips',
    {
      ...mine,
      schema: {
        tags,
        summary: 'Skip one delivery date (until its cut-off the evening before)',
        params: idParams,
        body: subscriptionSkipSchema,
        response: { 201: subscriptionAnswerSchema, ...failureResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        subscription: await standing.skipDate(deps, currentUser(request).id, request.params.id, request.body.date),
      }),
  );

  api.delete(
    '/api/user/my/subscriptions/:id/skips/:date',
    {
      ...mine,
      schema: {
        tags,
        summary: 'Take a skip back (until that date’s cut-off)',
        params: skipParams,
        response: { 200: subscriptionAnswerSchema, ...failureResponses },
      },
    },
    async (request) => ({
      success: true as const,
      subscription: await standing.unskipDate(deps, currentUser(request).id, request.params.id, request.params.date),
    }),
  );

  api.post(
    '/api/user/my/subscriptions/:id/pauses',
    {
      ...mine,
      schema: {
        tags,
        summary: 'Pause from one date to another, both included (a holiday); from a date whose cut-off has not passed',
        params: idParams,
        body: subscriptionPauseSchema,
        response: { 201: subscriptionAnswerSchema, ...failureResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        subscription: await standing.addPause(
          deps,
          currentUser(request).id,
          request.params.id,
          request.body.from,
          request.body.to,
        ),
      }),
  );

  api.delete(
    '/api/user/my/subscriptions/:id/pauses/:pauseId',
    {
      ...mine,
      schema: {
        tags,
        summary: 'Remove a pause (one that has begun ends before the first open date)',
        params: pauseParams,
        response: { 200: subscriptionAnswerSchema, ...failureResponses },
      },
    },
    async (request) => ({
      success: true as const,
      subscription: await standing.removePause(
        deps,
        currentUser(request).id,
        request.params.id,
        request.params.pauseId,
      ),
    }),
  );

  api.get(
    '/api/admin/subscriptions',
    {
      ...admin,
      schema: {
        tags,
        summary:
          "A date's standing orders (the next not yet made when no date): quantities per product and per slot, the orders made, the failures",
        querystring: subscriptionsDayQuerySchema,
        response: { 200: subscriptionsDayAnswerSchema, ...failureResponses },
      },
    },
    async (request) => standing.dayOfStandingOrders(deps, request.query.date),
  );

  api.post(
    '/api/admin/subscriptions/run',
    {
      ...admin,
      schema: {
        tags,
        summary:
          "Make a date's standing orders now (today to 7 days ahead): what the clock does at the cut-off; never twice",
        body: subscriptionsRunSchema,
        response: { 200: subscriptionsRunAnswerSchema, ...failureResponses },
      },
    },
    async (request) => standing.runByHand(deps, request.body.date),
  );

  api.get(
    '/api/admin/closed-dates',
    {
      ...admin,
      schema: {
        tags,
        summary: 'The shop’s closed dates from today on',
        response: { 200: closedDatesAnswerSchema, ...failureResponses },
      },
    },
    async () => ({ success: true as const, closedDates: await standing.listClosedDates(deps) }),
  );

  api.post(
    '/api/admin/closed-dates',
    {
      ...admin,
      schema: {
        tags,
        summary:
          'Close the shop on a date (today to a year ahead): no delivery slot and no standing order that day; shoppers with one due are told',
        body: closedDateBodySchema,
        response: { 201: closedDateAnswerSchema, ...failureResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        closedDate: await standing.closeDay(deps, request.body.date, request.body.note),
      }),
  );

  api.delete(
    '/api/admin/closed-dates/:date',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Open a closed date again',
        params: dateParams,
        response: { 200: messageAnswerSchema, ...failureResponses },
      },
    },
    async (request) => {
      const message = await standing.reopenDay(deps, request.params.date);
      return { success: true as const, message: message.message };
    },
  );
}
