/** The shop's profile (decision 0028): read by anyone, saved by an admin. */
import { shopAnswerSchema, shopUpdateBodySchema } from '@mandi/shared/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { sendJsonText } from '../../lib/response-cache.js';
import { requireAdmin } from '../../lib/session.js';
import { failureResponses } from '../../lib/validation.js';
import { shopCache } from './shop.cache.js';
import { webManifest } from './shop.presenter.js';
import { saveShop } from './shop.service.js';

const tags = ['shop'];

export async function shopRoutes(app: FastifyInstance, { config, work, shop, cache }: AppDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/shop',
    {
      schema: {
        tags,
        summary:
          "The shop's identity and notices: name, legal name, address, state, contact, FSSAI number, GSTIN, UPI id, grievance officer, policies and About texts (English and Hindi), and whether it still shows the demo identity",
        response: { 200: shopAnswerSchema, ...failureResponses },
      },
    },
    async (_request, reply) => sendJsonText(reply, await shop.answerJson()),
  );

  // The installable app's manifest (issue 30), named as the profile names the shop; checked on every
  // visit (a browser keeps it), so a saved name reaches installed apps at their next update check.
  api.get(
    '/manifest.webmanifest',
    {
      schema: {
        tags,
        summary:
          "The installable app's web manifest (application/manifest+json): the shop's name from its profile, start_url /, display standalone, theme colour and icons of 192 and 512 px",
        response: {
          200: z.any().meta({ type: 'object', description: 'application/manifest+json' }),
          ...failureResponses,
        },
      },
    },
    async (_request, reply) => {
      const manifest = await cache.text(shopCache.reads.manifest, undefined, async () =>
        JSON.stringify(webManifest(await shop.current())),
      );
      return reply.type('application/manifest+json').header('Cache-Control', 'no-cache').send(manifest);
    },
  );

  api.put(
    '/api/admin/shop',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary:
          "Save any of the shop profile's fields (admin); the others keep their values, an empty optional field becomes null. The first save ends the demo identity. Applies at once on every server process",
        body: shopUpdateBodySchema,
        response: { 200: shopAnswerSchema, ...failureResponses },
      },
    },
    async (request) => ({ success: true as const, shop: await saveShop(work, config, request.body) }),
  );
}
