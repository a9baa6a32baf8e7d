/**
 * API answers are never stored by browsers or proxies unless a route says otherwise: many depend
 * on the session (who am I, my orders, an order, the admin lists), and a shared cache must never
 * hand one shopper's answer to another.
 */
import type { FastifyInstance } from 'fastify';

export function registerNoStoreForApi(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    // The routed path: /%61pi/... is an API answer too.
    const routed = request.routeOptions.url ?? request.url;
    if (!reply.hasHeader('cache-control') && routed.startsWith('/api/')) {
      reply.header('Cache-Control', 'no-store');
    }
    return payload;
  });
}
