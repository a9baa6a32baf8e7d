/**
 * Device cookies (OWASP's scheme against account lockout): a browser that logged into an account
 * successfully gets a signed cookie naming that account. While the account is locked for unknown
 * clients, a valid device cookie keeps its own failure budget, so an attacker guessing passwords
 * cannot lock the owner out, and a stolen device cookie is itself limited.
 *
 * The signing key is a random secret kept in DATA_DIR (0600), created at first use; it is never
 * in the code or the repository. Every process sharing DATA_DIR shares it.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { makePrivateDirSync, PRIVATE_FILE_MODE } from './private-files.js';

export const DEVICE_COOKIE = 'device';
const SECRET_FILE = 'device-cookie.key';
const MAX_AGE_SECONDS = 365 * 86_400;

const secrets = new Map<string, Buffer>();

/** The signing secret for a data directory: read, or created once (the first writer wins a race). */
export function deviceSecret(dataDir: string): Buffer {
  const cached = secrets.get(dataDir);
  if (cached) return cached;
  const file = path.join(dataDir, SECRET_FILE);
  makePrivateDirSync(dataDir);
  try {
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: PRIVATE_FILE_MODE });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
  if (secret.length < 32) throw new Error(`${file} is damaged; delete it to make a new one`);
  secrets.set(dataDir, secret);
  return secret;
}

const sign = (secret: Buffer, payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

/** `<nonce>.<signature>`; the signature covers the account's email, so the cookie fits one account only. */
function deviceValue(secret: Buffer, email: string): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${nonce}.${sign(secret, `${email}\n${nonce}`)}`;
}

/** The cookie's nonce if it is a valid device cookie for this email, else null. */
export function readDeviceCookie(request: FastifyRequest, config: Config, email: string): string | null {
  const value = request.cookies[DEVICE_COOKIE];
  if (!value) return null;
  const [nonce, signature, ...rest] = value.split('.');
  if (!nonce || !signature || rest.length > 0 || nonce.length > 64) return null;
  const expected = Buffer.from(sign(deviceSecret(config.dataDir), `${email}\n${nonce}`));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
}

/** Sets a fresh device cookie for this account (after a successful login); only the login route reads it. */
export function setDeviceCookie(reply: FastifyReply, config: Config, email: string): void {
  reply.setCookie(DEVICE_COOKIE, deviceValue(deviceSecret(config.dataDir), email), {
    path: '/api/user/login',
    httpOnly: true,
    sameSite: 'strict',
    secure: config.isSecureCookie,
    maxAge: MAX_AGE_SECONDS,
  });
}
