/**
 * Buy-again HTTP routes (decision 0042), the logged-in shopper's own only: "Your usual", "Order
 * again" on one of their orders, and their named lists (anyone else's list or order is a 404).
 */
import {
  buyAgainItemsAnswerSchema,
  messageAnswerSchema,
  orderAgainAnswerSchema,
  shoppingListAnswerSchema,
  shoppingListCreateSchema,
  shoppingListSavedAnswerSchema,
  shoppingListsAnswerSchema,
  shoppingListUpdateSchema,
} from '@mandi/shared/schemas';
import { serverMessage } from '@mandi/shared/server-messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { currentUser, requireUser } from '../../lib/session.js';
import { failureResponses, idParamsSchema, parseId } from '../../lib/validation.js';
import * as buyAgain from './buy-again.service.js';

export async function buyAgainRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, work } = deps;
  const tags = ['buy again'];

  api.get(
    '/api/user/my/usual',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary:
          "Your usual: the products of your last five orders that are not Cancelled, each at its most frequent quantity, today's rate and whether it can be bought now",
        response: { 200: buyAgainItemsAnswerSchema, ...failureResponses },
      },
    },
    async (request) => ({ success: true as const, items: await buyAgain.usualItems(db, currentUser(request).id) }),
  );

  api.get(
    '/api/user/my/order/:id/again',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "One of your orders to buy again: its products at the quantities ordered, at today's rates",
        params: idParamsSchema,
        response: { 200: orderAgainAnswerSchema, ...failureResponses },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await buyAgain.orderAgain(db, currentUser(request).id, parseId(request.params.id, 'Order'))),
    }),
  );

  api.get(
    '/api/user/my/lists',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Your named lists, the last changed first, with how many products each holds',
        response: { 200: shoppingListsAnswerSchema, ...failureResponses },
      },
    },
    async (request) => ({ success: true as const, lists: await buyAgain.listLists(db, currentUser(request).id) }),
  );

  api.post(
    '/api/user/my/lists',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Make a named list (1-40 characters, unique among yours), with products if given; at most 20 lists',
        body: shoppingListCreateSchema,
        response: { 201: shoppingListSavedAnswerSchema, ...failureResponses },
      },
    },
    async (request, reply) => {
      const list = await buyAgain.createList(work, currentUser(request).id, request.body);
      return reply.status(201).send({ success: true as const, ...serverMessage('listSaved'), list });
    },
  );

  api.get(
    '/api/user/my/lists/:id',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "One of your lists with today's rates and whether each product can be bought now",
        params: idParamsSchema,
        response: { 200: shoppingListAnswerSchema, ...failureResponses },
      },
    },
    async (request) => ({
      success: true as const,
      list: await buyAgain.getList(db, currentUser(request).id, parseId(request.params.id, 'List')),
    }),
  );

  api.put(
    '/api/user/my/lists/:id',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Rename one of your lists, replace its products, or both; at most 100 products',
        params: idParamsSchema,
        body: shoppingListUpdateSchema,
        response: { 200: shoppingListSavedAnswerSchema, ...failureResponses },
      },
    },
    async (request) => ({
      success: true as const,
      ...serverMessage('listUpdated'),
      list: await buyAgain.updateList(work, currentUser(request).id, parseId(request.params.id, 'List'), request.body),
    }),
  );

  api.delete(
    '/api/user/my/lists/:id',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Delete one of your lists',
        params: idParamsSchema,
        response: { 200: messageAnswerSchema, ...failureResponses },
      },
    },
    async (request) => {
      await buyAgain.deleteList(db, currentUser(request).id, parseId(request.params.id, 'List'));
      return { success: true as const, ...serverMessage('listDeleted') };
    },
  );
}
