/**
 * Security headers (helmet's set: CSP, frame, referrer, HSTS behind TLS…) on every answer, and
 * no-store on API answers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * helmet's headers worked out once and copied onto each answer. The Fastify plugin rebuilt them
 * (parsing the CSP directives) on every request: 5% of the server's CPU on a cached read.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { hsts: boolean }): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

export function securityHeaders({ hsts }: { hsts: boolean }): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  const middleware = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: hsts,
  });
  let isDone = false;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    isDone = true;
  });
  // helmet finishes synchronously; if a version ever did not, no answer would carry its headers.
  if (!isDone) throw new Error('helmet did not set its headers synchronously');
  return headers;
}

/**
 * API answers are never stored by browsers or proxies unless a route says otherwise: many depend
 * on the session (who am I, my orders, an order, the admin lists), and a shared cache must never
 * hand one shopper's answer to another.
 */
export function registerNoStoreForApi(app: FastifyInstance): void {
  // A callback hook, not an async one: no promise per answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    // The routed path: /%61pi/... is an API answer too.
    const routed = request.routeOptions.url ?? request.url;
    if (!reply.hasHeader('cache-control') && routed.startsWith('/api/')) {
      reply.header('Cache-Control', 'no-store');
    }
    done(null, payload);
  });
}
