/**
 * Secrets never reach the log: a password-reset token in any logged URL (the reset page and the
 * reset API) is replaced by a marker, keeping the path's shape so the request is still recognisable.
 */
import type { FastifyRequest } from 'fastify';

const RESET_TOKEN_IN_PATH = /(\/reset-password\/[^/?#]*\/)[^/?#]+/gi;
export const REDACTED = '[redacted]';

export function redactUrl(url: string): string {
  return url.replace(RESET_TOKEN_IN_PATH, `$1${REDACTED}`);
}

/** Fastify's request serializer, with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
