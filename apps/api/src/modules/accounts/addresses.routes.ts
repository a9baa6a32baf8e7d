/**
 * The shopper's address book (decision 0025): `/api/user/my/addresses`, each answer
 * `{ success, address(es) }`. Only the owner reaches an address: anyone else's is a 404.
 */
import {
  messageAnswerSchema,
  savedAddressAnswerSchema,
  savedAddressBodySchema,
  savedAddressesAnswerSchema,
} from '@mandi/shared/schemas';
import { serverMessage } from '@mandi/shared/server-messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { currentUser, requireUser } from '../../lib/session.js';
import { failureResponses, idParamsSchema, parseId } from '../../lib/validation.js';
import * as addresses from './addresses.service.js';

export async function addressesRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['accounts'];

  api.get(
    '/api/user/my/addresses',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "The logged-in shopper's saved addresses, the last used first",
        response: { 200: savedAddressesAnswerSchema, ...failureResponses },
      },
    },
    async (request) => ({
      success: true as const,
      addresses: await addresses.listAddresses(db, currentUser(request).id),
    }),
  );

  api.post(
    '/api/user/my/addresses',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Save an address (the checkout shipping fields and a label); at most 10 per shopper (409)',
        body: savedAddressBodySchema,
        response: { 201: savedAddressAnswerSchema, ...failureResponses },
      },
    },
    async (request, reply) => {
      const address = await addresses.saveAddress(deps.work, currentUser(request).id, request.body);
      return reply.status(201).send({ success: true as const, ...serverMessage('addressSaved'), address });
    },
  );

  api.put(
    '/api/user/my/addresses/:id',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Change one of your saved addresses (the whole address)',
        params: idParamsSchema,
        body: savedAddressBodySchema,
        response: { 200: savedAddressAnswerSchema, ...failureResponses },
      },
    },
    async (request) => ({
      success: true as const,
      ...serverMessage('addressUpdated'),
      address: await addresses.updateAddress(
        db,
        currentUser(request).id,
        parseId(request.params.id, 'Address'),
        request.body,
      ),
    }),
  );

  api.delete(
    '/api/user/my/addresses/:id',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Delete one of your saved addresses',
        params: idParamsSchema,
        response: { 200: messageAnswerSchema, ...failureResponses },
      },
    },
    async (request) => {
      await addresses.deleteAddress(db, currentUser(request).id, parseId(request.params.id, 'Address'));
      return { success: true as const, ...serverMessage('addressDeleted') };
    },
  );
}
