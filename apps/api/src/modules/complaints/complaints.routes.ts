/** Complaint HTTP routes (decision 0030): the shopper makes and reads their own; the admin lists and replies. */
import {
  complaintAnswerSchema,
  complaintBodySchema,
  complaintReplyBodySchema,
  complaintsAnswerSchema,
  complaintsQuerySchema,
} from '@mandi/shared/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { currentUser, requireAdmin, requireUser } from '../../lib/session.js';
import { failureResponses, idParamsSchema } from '../../lib/validation.js';
import * as complaints from './complaints.service.js';

export type ComplaintsRouteDeps = AppDeps & { now?: () => Date };

const HOUR = 3_600_000;

export async function complaintsRoutes(app: FastifyInstance, deps: ComplaintsRouteDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const now = deps.now ?? (() => new Date());
  const service = { ...deps, now };

  api.post(
    '/api/user/complaints',
    {
      onRequest: requireUser,
      schema: {
        tags: ['complaints'],
        summary:
          'Make a complaint, about one of my orders or none: a ticket number, acknowledged within 48 hours, resolved within 30 days (mailed)',
        body: complaintBodySchema,
        response: { 201: complaintAnswerSchema, ...failureResponses },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      // Budgets per shopper and per address (decision 0055): the body was checked first, so a
      // mistyped form costs nothing.
      const { complaintsPerUser, complaintsPerIp } = deps.config.rateLimits;
      await deps.rateLimiter.hit({ key: `complaint:user:${userId}`, max: complaintsPerUser, windowMs: HOUR });
      await deps.rateLimiter.hit({ key: `complaint:ip:${request.ip}`, max: complaintsPerIp, windowMs: HOUR });
      const complaint = await complaints.makeComplaint(service, userId, request.body, request.log);
      return reply.status(201).send({ success: true as const, complaint });
    },
  );

  api.get(
    '/api/user/my/complaints',
    {
      onRequest: requireUser,
      schema: {
        tags: ['complaints'],
        summary: 'My complaints, newest first, with the shop’s replies',
        response: { 200: complaintsAnswerSchema, ...failureResponses },
      },
    },
    async (request) => ({
      success: true as const,
      complaints: await complaints.listOwnComplaints(deps.db, currentUser(request).id, now()),
    }),
  );

  api.get(
    '/api/admin/complaints',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['complaints'],
        summary:
          'Complaints (admin): Open, then Acknowledged, each oldest first; then Resolved, latest first (?status= one)',
        querystring: complaintsQuerySchema,
        response: { 200: complaintsAnswerSchema, ...failureResponses },
      },
    },
    async (request) => ({
      success: true as const,
      complaints: await complaints.listComplaintsForAdmin(deps.db, request.query.status, now()),
    }),
  );

  api.put(
    '/api/admin/complaints/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['complaints'],
        summary: 'Acknowledge or resolve a complaint with a reply (admin; the reply is required to resolve; mailed)',
        params: idParamsSchema,
        body: complaintReplyBodySchema,
        response: { 200: complaintAnswerSchema, ...failureResponses },
      },
    },
    async (request) => ({
      success: true as const,
      complaint: await complaints.replyToComplaint(service, request.params.id, request.body, request.log),
    }),
  );
}
