/**
 * Secrets never reach the log: a password-reset or email-confirmation token in any logged URL (the
 * pages and the API calls) is replaced by a marker, keeping the path's shape so the request is still recognisable.
 * The router decodes percent-escapes before matching (`/%72eset-password/…` is the reset page), so
 * the check runs on the decoded URL too.
 */
import type { FastifyRequest } from 'fastify';

const RESET_TOKEN_IN_PATH = /(\/(?:reset-password|confirm-email)\/[^/?#]*\/)[^/?#]+/gi;
export const REDACTED = '[redacted]';

/** Escapes of ASCII characters (a token and the path's letters are ASCII), decoded until none is left. */
const ASCII_ESCAPE = /%([0-7][0-9a-f])/gi;
const HAS_ASCII_ESCAPE = /%[0-7][0-9a-f]/i;
const MAX_DECODE_ROUNDS = 4;

function decodeAsciiEscapes(url: string): string {
  let decoded = url;
  for (let round = 0; round < MAX_DECODE_ROUNDS && HAS_ASCII_ESCAPE.test(decoded); round += 1) {
    decoded = decoded.replace(ASCII_ESCAPE, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  }
  return decoded;
}

export function redactUrl(url: string): string {
  const redacted = url.replace(RESET_TOKEN_IN_PATH, `$1${REDACTED}`);
  if (!redacted.includes('%')) return redacted;
  // An encoded reset path is logged decoded, with its token redacted; any other URL as it came.
  const decoded = decodeAsciiEscapes(redacted);
  const decodedRedacted = decoded.replace(RESET_TOKEN_IN_PATH, `$1${REDACTED}`);
  return decodedRedacted === decoded ? redacted : decodedRedacted;
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
