import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { SMTPServer, type SMTPServer as SmtpServerType } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createUser, loginAs, TEST_PASSWORD } from '../../../test/factories.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { passwordResetTokens, sessions } from '../../db/schema.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({
    LOGIN_MAX_PER_IP: '100000',
    RESET_EMAIL_MAX_PER_IP: '100000',
    RESET_EMAIL_MAX_PER_ACCOUNT: '100000',
  });
});
afterAll(() => t.close());

const RESET_MESSAGE = 'If an account exists for that email, a password reset link has been sent.';
const INVALID_LINK = 'The reset link is invalid or has expired';
const LINK_PATTERN = /http:\/\/localhost:3000\/reset-password\/([0-9a-f-]{36})\/([A-Za-z0-9_-]{43})/;

const askForReset = (email: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/user/send-reset-password-email', payload: { email }, headers });
/** Asks for a reset mail and waits for the work done after the answer (the mail goes out then). */
const requestReset = async (email: unknown, headers: Record<string, string> = {}) => {
  const response = await askForReset(email, headers);
  await t.settle();
  return response;
};
const reset = (id: string, token: string, password = 'brand-new-pass-1', confirm = password) =>
  t.app.inject({
    method: 'POST',
    url: `/api/user/reset-password/${id}/${token}`,
    payload: { password, confirm_password: confirm },
  });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password } });

/** Asks for a reset mail and returns the link's id and token. */
async function mailedLink(email: string) {
  const before = t.mails.length;
  const response = await requestReset(email);
  expect(response.statusCode).toBe(200);
  expect(t.mails.length).toBe(before + 1);
  const mail = t.mails.at(-1);
  const match = LINK_PATTERN.exec(mail?.text ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`no reset link in ${mail?.text}`);
  return { id: match[1], token: match[2], mail: mail! };
}

describe('POST /api/user/send-reset-password-email', () => {
  it('mails a link to the configured public URL, never to the Host header', async () => {
    const user = await createUser(t.db, { firstName: 'Lata' });
    const before = t.mails.length;
    const response = await requestReset(user.email.toUpperCase(), {
      host: 'evil.example.com',
      'x-forwarded-host': 'evil.example.com',
    });
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({ success: true, message: RESET_MESSAGE, code: 'resetMailSent', values: {} });
    expect(t.mails.length).toBe(before + 1);
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe(user.email);
    expect(mail.subject).toMatch(/reset/i);
    expect(mail.text).toContain('Lata');
    const match = LINK_PATTERN.exec(mail.text);
    expect(match?.[1]).toBe(user.id);
    expect(mail.html).toContain(match?.[0]);
    expect(`${mail.text}${mail.html}`).not.toContain('evil.example.com');
    // The response never carries the token, and the database keeps only its hash.
    expect(response.body).not.toContain(match?.[2]);
    const rows = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toBe(match?.[2]);
    const ttl = (rows[0]?.expiresAt.getTime() ?? 0) - Date.now();
    expect(ttl).toBeGreaterThan(14 * 60_000);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000);
  });

  it('answers an unknown email exactly like a known one and sends nothing', async () => {
    const user = await createUser(t.db);
    const known = await requestReset(user.email);
    const before = t.mails.length;
    const unknown = await requestReset('nobody-at-all@example.com');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(t.mails.length).toBe(before);
  });

  it('answers before looking the account up, so known and unknown emails take the same time', async () => {
    const user = await createUser(t.db);
    const before = t.mails.length;
    const tokensBefore = (await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)))
      .length;
    const response = await askForReset(user.email);
    expect(response.statusCode).toBe(200);
    // The answer is out; the token and the mail come after it.
    expect(t.mails.length).toBe(before);
    await t.settle();
    expect(t.mails.length).toBe(before + 1);
    const tokensAfter = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(tokensAfter.length).toBe(tokensBefore + 1);
  });

  it('refuses a missing, malformed or object-shaped email with 400', async () => {
    for (const email of [undefined, '', 'not-an-email', { $ne: null }, ['a@b.co']]) {
      const response = await requestReset(email);
      expect(response.statusCode).toBe(400);
      expect(typeof body(response).message).toBe('string');
    }
  });
});

describe('POST /api/user/reset-password/:id/:token', () => {
  it('sets the new password, ends every session and works only once', async () => {
    const user = await createUser(t.db);
    const cookie = await loginAs(t.app, user.email);
    const { id, token } = await mailedLink(user.email);
    const response = await reset(id, token);
    expect(response.statusCode).toBe(200);
    expect(body(response).success).toBe(true);
    expect(typeof body(response).message).toBe('string');
    expect((await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).length).toBe(0);
    const session = await t.app.inject({ method: 'GET', url: '/api/user/getloggeduser', headers: { cookie } });
    expect(session.statusCode).toBe(401);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, 'brand-new-pass-1')).statusCode).toBe(200);

    const reused = await reset(id, token, 'another-pass-22');
    expect(reused.statusCode).toBe(400);
    expect(body(reused)).toEqual({ success: false, message: INVALID_LINK, code: 'resetLinkInvalid', values: {} });
    expect((await login(user.email, 'another-pass-22')).statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    const user = await createUser(t.db);
    const { id, token } = await mailedLink(user.email);
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    const response = await reset(id, token);
    expect(response.statusCode).toBe(400);
    expect(body(response).message).toBe(INVALID_LINK);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it("refuses a token used with another user's id", async () => {
    const victim = await createUser(t.db);
    const attacker = await createUser(t.db);
    const { token } = await mailedLink(attacker.email);
    const response = await reset(victim.id, token);
    expect(response.statusCode).toBe(400);
    expect(body(response).message).toBe(INVALID_LINK);
    expect((await login(victim.email, TEST_PASSWORD)).statusCode).toBe(200);
    // The attacker's own token is still good for the attacker.
    expect((await reset(attacker.id, token)).statusCode).toBe(200);
  });

  it('refuses forged, malformed and wrong tokens with the same answer', async () => {
    const user = await createUser(t.db);
    await mailedLink(user.email);
    for (const [id, token] of [
      [user.id, 'A'.repeat(43)],
      [user.id, 'short'],
      ['not-a-uuid', 'A'.repeat(43)],
      ['00000000-0000-0000-0000-000000000000', 'A'.repeat(43)],
      [user.id, "' OR '1'='1"],
    ] as const) {
      const response = await reset(id, encodeURIComponent(token));
      expect(response.statusCode).toBe(400);
      expect(body(response)).toEqual({ success: false, message: INVALID_LINK, code: 'resetLinkInvalid', values: {} });
    }
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('keeps the token when the new password is refused', async () => {
    const user = await createUser(t.db);
    const { id, token } = await mailedLink(user.email);
    const mismatch = await reset(id, token, 'brand-new-pass-1', 'brand-new-pass-2');
    expect(mismatch.statusCode).toBe(400);
    expect(body(mismatch).message).toBe('Password and confirm password do not match');
    const tooShort = await reset(id, token, 'short');
    expect(tooShort.statusCode).toBe(400);
    expect((await reset(id, token)).statusCode).toBe(200);
  });

  it('voids every outstanding link once the password changes', async () => {
    const user = await createUser(t.db);
    const first = await mailedLink(user.email);
    const second = await mailedLink(user.email);
    expect((await reset(second.id, second.token)).statusCode).toBe(200);
    expect((await reset(first.id, first.token, 'another-pass-22')).statusCode).toBe(400);

    const third = await mailedLink(user.email);
    const cookie = await loginAs(t.app, user.email, 'brand-new-pass-1');
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/user/changePassword',
      headers: { cookie },
      payload: { password: 'changed-pass-33', confirm_password: 'changed-pass-33' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await reset(third.id, third.token, 'another-pass-22')).statusCode).toBe(400);
    expect((await login(user.email, 'changed-pass-33')).statusCode).toBe(200);
  });
});

describe('mail delivery', () => {
  async function appWithEnv(env: Record<string, string>) {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED: 'none',
      PUBLIC_URL: 'https://shop.example.in',
      WEB_DIST_DIR: '/nonexistent-web-dist',
      RESET_EMAIL_MAX_PER_IP: '100000',
      ...env,
    });
    // Shares the file's database: mail delivery does not depend on which database it is.
    const app = await buildApp({ config, db: t.db, logger: false });
    await app.ready();
    return app;
  }

  async function waitFor<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 10_000): Promise<T> {
    const started = Date.now();
    for (;;) {
      const value = await probe();
      if (value !== undefined) return value;
      if (Date.now() - started > timeoutMs) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('sends the reset mail through a real SMTP server when SMTP_URL is set', async () => {
    const received: { from: string; to: string[]; raw: string }[] = [];
    const server: SmtpServerType = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as { port: number };
    const app = await appWithEnv({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Mandi <no-reply@shop.example.in>',
    });
    try {
      const user = await createUser(t.db);
      const response = await app.inject({
        method: 'POST',
        url: '/api/user/send-reset-password-email',
        payload: { email: user.email },
      });
      expect(response.statusCode).toBe(200);
      const mail = await waitFor(() => received[0]);
      expect(mail.from).toBe('no-reply@shop.example.in');
      expect(mail.to).toEqual([user.email]);
      // Quoted-printable may wrap long lines with "=\r\n"; undo that before looking for the link.
      const unwrapped = mail.raw.replace(/=\r?\n/g, '');
      expect(unwrapped).toMatch(new RegExp(`https://shop\\.example\\.in/reset-password/${user.id}/[A-Za-z0-9_-]{43}`));
    } finally {
      await app.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('writes the mail to DATA_DIR/outbox as an .eml file when SMTP_URL is not set', async () => {
    const dataDir = await fs.mkdtemp('/tmp/mandi-outbox-test-');
    const app = await appWithEnv({ DATA_DIR: dataDir });
    try {
      const user = await createUser(t.db);
      const response = await app.inject({
        method: 'POST',
        url: '/api/user/send-reset-password-email',
        payload: { email: user.email },
      });
      expect(response.statusCode).toBe(200);
      const outbox = path.join(dataDir, 'outbox');
      const file = await waitFor(async () => {
        const names = await fs.readdir(outbox).catch(() => [] as string[]);
        return names.find((name) => name.endsWith('.eml'));
      });
      const raw = (await fs.readFile(path.join(outbox, file), 'utf8')).replace(/=\r?\n/g, '');
      expect(raw).toContain(`To: ${user.email}`);
      expect(raw).toMatch(new RegExp(`https://shop\\.example\\.in/reset-password/${user.id}/[A-Za-z0-9_-]{43}`));
    } finally {
      await app.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
