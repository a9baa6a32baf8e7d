/**
 * Account rules: registration, login with brute-force limits, password change and reset by
 * single-use mailed links, and the admin's user management (never leaving the shop without an admin).
 */

import { type AdminUserSort, MESSAGES, type Role, type ShopLanguage, type SortOrder } from '@mandi/shared';
import { escapeHtml } from '@mandi/shared/kernel';
import type { Register } from '@mandi/shared/schemas';
import { SERVER_MESSAGES, serverMessage } from '@mandi/shared/server-messages';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import type { Db, Tx } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { MAIL_TEXTS, shopNameIn } from '../../lib/mail-texts.js';
import { getDecoyHash, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { hashToken, newToken } from '../../lib/session.js';
import { pageRows } from '../../lib/validation.js';
import { endUserSessions, sessionsChanged } from '../../platform/sessions.js';
import type { Touch, UnitOfWork } from '../../platform/unit-of-work.js';
import { accountsCache } from './accounts.cache.js';
import { presentUser, type UserView } from './accounts.presenter.js';
import * as repo from './accounts.repository.js';

export const RESET_TOKEN_TTL_MS = 15 * 60_000;
/** A confirmation link lives a week: a new shopper may open the mail days later. */
export const CONFIRM_TOKEN_TTL_DAYS = 7;
/** Confirmation mails a shopper may ask for in an hour (one comes with the registration). */
export const CONFIRM_MAILS_PER_HOUR = 3;
const FIFTEEN_MINUTES = 15 * 60_000;
const ONE_HOUR = 60 * 60_000;

/** What the account routes answer (shared with the web app, which shows them in the chosen language). */
export const ACCOUNT_TEXTS = {
  registered: MESSAGES.registerSuccess,
  duplicateEmail: SERVER_MESSAGES.duplicateEmail,
  loggedIn: SERVER_MESSAGES.loggedIn,
  badCredentials: SERVER_MESSAGES.badCredentials,
  credentialsRequired: SERVER_MESSAGES.credentialsRequired,
  loggedOut: MESSAGES.logoutSuccess,
  passwordChanged: MESSAGES.passwordUpdated,
  resetMailSent: SERVER_MESSAGES.resetMailSent,
  resetDone: SERVER_MESSAGES.resetDone,
  resetLinkInvalid: SERVER_MESSAGES.resetLinkInvalid,
  emailConfirmed: SERVER_MESSAGES.emailConfirmed,
  confirmLinkInvalid: SERVER_MESSAGES.confirmLinkInvalid,
  emailAlreadyConfirmed: SERVER_MESSAGES.emailAlreadyConfirmed,
  userDeleted: SERVER_MESSAGES.userDeleted,
  roleUpdated: SERVER_MESSAGES.roleUpdated,
  cannotDeleteSelf: SERVER_MESSAGES.cannotDeleteSelf,
  cannotDemoteSelf: SERVER_MESSAGES.cannotDemoteSelf,
  lastAdmin: SERVER_MESSAGES.lastAdmin,
} as const;

const normaliseEmail = (email: string) => email.trim().toLowerCase();

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

export async function registerUser(work: UnitOfWork, input: Register): Promise<UserView> {
  const email = normaliseEmail(input.email);
  if (await repo.findUserByEmail(work.db, email)) throw new AppError('conflict', [serverMessage('duplicateEmail')]);
  const passwordHash = await hashPassword(input.password);
  try {
    // The role is never taken from the request: every new account is a User. The dashboard counts users.
    const row = await work.transaction((tx, touch) => {
      touch(...accountsCache.writes.registered.tags());
      return repo.insertUser(tx, {
        firstName: input.firstName,
        lastName: input.lastName,
        email,
        passwordHash,
      });
    });
    return presentUser(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', [serverMessage('duplicateEmail')]);
    throw error;
  }
}

export function registerRateRule(deps: AppDeps, ip: string) {
  return { key: `register:ip:${ip}`, max: deps.config.rateLimits.registerPerIp, windowMs: ONE_HOUR };
}

/**
 * Checks credentials. Unknown emails are verified against a decoy hash and both failures share one
 * text, so neither the answer nor its timing tells which emails have accounts.
 *
 * Every attempt is counted in one statement before the password is verified, so parallel guesses
 * cannot outrun the budget: at most `loginFailedPerAccount` passwords are ever checked per window.
 * A browser holding a valid device cookie for the account (`deviceNonce`) spends its own budget
 * instead, so strangers' failures cannot lock the owner out.
 */
export async function logIn(
  deps: AppDeps,
  credentials: { email: string; password: string },
  ip: string,
  deviceNonce: (email: string) => string | null = () => null,
) {
  const { db, rateLimiter, config } = deps;
  await rateLimiter.hit({ key: `login:ip:${ip}`, max: config.rateLimits.loginPerIp, windowMs: FIFTEEN_MINUTES });
  const email = normaliseEmail(credentials.email);
  const nonce = deviceNonce(email);
  const attemptRule = {
    key: nonce ? `login:device:${nonce}` : `login:account:${email}`,
    max: config.rateLimits.loginFailedPerAccount,
    windowMs: FIFTEEN_MINUTES,
  };
  await rateLimiter.hit(attemptRule);

  const user = await repo.findUserByEmail(db, email);
  const isValid = await verifyPassword(user?.passwordHash ?? (await getDecoyHash()), credentials.password);
  if (!user || !isValid) throw new AppError('unauthenticated', serverMessage('badCredentials'));
  await rateLimiter.reset(attemptRule.key);
  return presentUser(user);
}

/** A login younger than this may change the password without the current one (the spec's client sends none). */
export const RECENT_LOGIN_MS = 10 * 60_000;

/**
 * Sets a new password for a logged-in user; their other sessions end and old reset links die.
 * A current password that is sent is checked (each check counted per account, like failed
 * logins); without one, the session must have logged in within RECENT_LOGIN_MS, so a session
 * left open on a shared computer cannot take the account over (docs/security.md).
 */
export async function changePassword(
  deps: Pick<AppDeps, 'db' | 'work' | 'rateLimiter' | 'config'>,
  userId: string,
  change: { password: string; currentPassword?: string | undefined },
  currentToken?: string,
) {
  const { db, rateLimiter, config } = deps;
  if (change.currentPassword) {
    const attemptRule = {
      key: `password-change:account:${userId}`,
      max: config.rateLimits.loginFailedPerAccount,
      windowMs: FIFTEEN_MINUTES,
    };
    await rateLimiter.hit(attemptRule);
    const storedHash = await repo.findPasswordHash(db, userId);
    if (!storedHash || !(await verifyPassword(storedHash, change.currentPassword))) {
      throw new AppError('invalid', serverMessage('currentPasswordWrong'));
    }
    await rateLimiter.reset(attemptRule.key);
  } else {
    const started = currentToken ? await repo.findSessionStart(db, hashToken(currentToken)) : null;
    if (!started || Date.now() - started.getTime() > RECENT_LOGIN_MS) {
      throw new AppError('invalid', serverMessage('currentPasswordNeeded'));
    }
  }
  const passwordHash = await hashPassword(change.password);
  await deps.work.transaction(async (tx, touch) => {
    await repo.updatePasswordHash(tx, userId, passwordHash);
    await repo.voidResetTokens(tx, userId);
    await endUserSessions(tx, touch, userId, currentToken);
  });
}

/**
 * Mails a single-use reset link if the email has an account; answers the same either way. Only the
 * rate limits run before the answer: looking the account up, storing the token and sending the
 * mail happen after it (deps.afterAnswer), so known and unknown emails answer in the same time.
 */
export async function sendResetEmail(deps: AppDeps, rawEmail: string, ip: string, log: FastifyBaseLogger) {
  const { db, config, rateLimiter, mailer } = deps;
  const email = normaliseEmail(rawEmail);
  await rateLimiter.hit({ key: `reset:ip:${ip}`, max: config.rateLimits.resetEmailPerIp, windowMs: FIFTEEN_MINUTES });
  await rateLimiter.hit({
    key: `reset:account:${email}`,
    max: config.rateLimits.resetEmailPerAccount,
    windowMs: FIFTEEN_MINUTES,
  });
  deps.afterAnswer.push(
    async () => {
      const user = await repo.findUserByEmail(db, email);
      if (!user) return;
      const token = newToken();
      await repo.insertResetToken(db, {
        userId: user.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
      });
      // The link is built from the configured public address, never from the request's Host header.
      const link = `${config.publicUrl}/reset-password/${user.id}/${token}`;
      const shop = await deps.shop.current();
      await mailer.send(resetMail(user.email, user.firstName, link, user.language, shop.name));
    },
    log,
    'password reset mail could not be sent',
  );
}

/** The reset mail, in the user's interface language (decision 0011). */
function resetMail(to: string, firstName: string, link: string, language: ShopLanguage, shopName: string) {
  const say = MAIL_TEXTS[language];
  const shop = shopNameIn(shopName, language);
  const minutes = RESET_TOKEN_TTL_MS / 60_000;
  const text = [
    say.hello(firstName),
    '',
    say.resetRequest(shop),
    '',
    link,
    '',
    say.resetExpiry(minutes),
    '',
    say.signature(shop),
  ].join('\n');
  const html = `<!doctype html><html lang="${language}"><body style="font-family:sans-serif;color:#1c1917">
<p>${escapeHtml(say.hello(firstName))}</p>
<p>${escapeHtml(say.resetRequestHtml(shop))}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#15803d;color:#fff;padding:10px 18px;border-radius:999px;text-decoration:none">${escapeHtml(say.resetButton)}</a></p>
<p>${escapeHtml(say.resetPaste)}<br>${escapeHtml(link)}</p>
<p>${escapeHtml(say.resetExpiry(minutes))}</p>
<p>${escapeHtml(say.signature(shop))}</p>
</body></html>`;
  return { to, subject: say.resetSubject(shop), text, html };
}

/** Sets a new password through a mailed link: the token must belong to that user, be unused and unexpired. */
export async function resetPassword(work: UnitOfWork, userId: string, token: string, password: string) {
  const passwordHash = await hashPassword(password);
  await work.transaction(async (tx, touch) => {
    if (!(await repo.consumeResetToken(tx, userId, hashToken(token)))) {
      throw new AppError('invalid', serverMessage('resetLinkInvalid'));
    }
    await repo.updatePasswordHash(tx, userId, passwordHash);
    await repo.voidResetTokens(tx, userId);
    // The reset link reached the inbox: the address is its owner's (decision 0055).
    await repo.markEmailConfirmed(tx, userId);
    await endUserSessions(tx, touch, userId);
  });
}

/**
 * Mails a new confirmation link to the user's address, after the answer (decision 0055). The
 * registration sends the first; the shopper may ask again (CONFIRM_MAILS_PER_HOUR), never once the
 * address is confirmed.
 */
export function mailConfirmationLink(
  deps: Pick<AppDeps, 'db' | 'config' | 'mailer' | 'shop' | 'afterAnswer'>,
  userId: string,
  log: FastifyBaseLogger,
): void {
  deps.afterAnswer.push(
    async () => {
      const contact = await repo.findContactById(deps.db, userId);
      if (!contact || contact.emailConfirmed) return;
      const token = newToken();
      await repo.insertConfirmationToken(deps.db, {
        userId,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + CONFIRM_TOKEN_TTL_DAYS * 86_400_000),
      });
      // From the configured public address, never the request's Host header (as the reset link).
      const link = `${deps.config.publicUrl}/confirm-email/${userId}/${token}`;
      const shop = await deps.shop.current();
      await deps.mailer.send(confirmationMail(contact.email, contact.firstName, link, contact.language, shop.name));
    },
    log,
    'email confirmation mail could not be sent',
  );
}

/** A shopper asks for the confirmation link again: a 409 once confirmed, limited per hour. */
export async function resendConfirmationLink(
  deps: Pick<AppDeps, 'db' | 'config' | 'mailer' | 'shop' | 'afterAnswer' | 'rateLimiter'>,
  userId: string,
  log: FastifyBaseLogger,
): Promise<{ email: string }> {
  const contact = await repo.findContactById(deps.db, userId);
  if (!contact) throw notFound('User');
  if (contact.emailConfirmed) throw new AppError('conflict', serverMessage('emailAlreadyConfirmed'));
  await deps.rateLimiter.hit({
    key: `confirm-mail:account:${userId}`,
    max: CONFIRM_MAILS_PER_HOUR,
    windowMs: ONE_HOUR,
  });
  mailConfirmationLink(deps, userId, log);
  return { email: contact.email };
}

/** Confirms the address with a mailed link: it must be the user's own, unexpired and not yet used. */
export async function confirmEmail(db: Db, userId: string, token: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await repo.consumeConfirmationToken(tx, userId, hashToken(token)))) {
      throw new AppError('invalid', serverMessage('confirmLinkInvalid'));
    }
  });
}

/** The confirmation mail, in the user's interface language. */
function confirmationMail(to: string, firstName: string, link: string, language: ShopLanguage, shopName: string) {
  const say = MAIL_TEXTS[language];
  const shop = shopNameIn(shopName, language);
  const text = [
    say.hello(firstName),
    '',
    say.confirmRequest(shop),
    '',
    link,
    '',
    say.confirmExpiry(CONFIRM_TOKEN_TTL_DAYS),
    '',
    say.signature(shop),
  ].join('\n');
  const html = `<!doctype html><html lang="${language}"><body style="font-family:sans-serif;color:#1c1917">
<p>${escapeHtml(say.hello(firstName))}</p>
<p>${escapeHtml(say.confirmRequest(shop))}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#15803d;color:#fff;padding:10px 18px;border-radius:999px;text-decoration:none">${escapeHtml(say.confirmButton)}</a></p>
<p>${escapeHtml(say.resetPaste)}<br>${escapeHtml(link)}</p>
<p>${escapeHtml(say.confirmExpiry(CONFIRM_TOKEN_TTL_DAYS))}</p>
<p>${escapeHtml(say.signature(shop))}</p>
</body></html>`;
  return { to, subject: say.confirmSubject(shop), text, html };
}

export interface MailContact {
  email: string;
  firstName: string;
  language: ShopLanguage;
  emailConfirmed: boolean;
}

/** How to write to a user (their language for a bill), or null once the account is deleted. */
export async function findContact(db: Db, userId: string): Promise<MailContact | null> {
  return repo.findContactById(db, userId);
}

/**
 * Where to mail a user, or null when nothing may be mailed: the account is deleted or its address
 * was never confirmed (decision 0055). Every mail but the confirmation and reset links asks here.
 */
export async function findMailContact(db: Db, userId: string): Promise<MailContact | null> {
  const contact = await repo.findContactById(db, userId);
  return contact?.emailConfirmed ? contact : null;
}

/** Remembers the user's interface language, so the mails sent to them are written in it. */
export async function setLanguage(work: UnitOfWork, userId: string, language: ShopLanguage): Promise<void> {
  await work.transaction(async (tx, touch) => {
    // A session answers with the language (the mails' language), so one kept in memory is forgotten.
    sessionsChanged(touch, userId);
    if (!(await repo.updateLanguage(tx, userId, language))) throw notFound('User');
  });
}

export interface UserListQuery {
  search?: string;
  sort?: AdminUserSort;
  order?: SortOrder;
  /** One page; without it every matching user. */
  page?: { page: number; limit: number };
}

/** The admin user list, oldest first unless sorted; `userDocCount` counts every user that matches the search. */
export async function listUsers(db: Db, query: UserListQuery = {}) {
  const { rows, total } = await repo.findUserList(db, {
    search: query.search,
    sort: query.sort,
    order: query.order ?? 'asc',
    paging: query.page && pageRows(query.page.page, query.page.limit),
  });
  return { AllUsers: rows.map(presentUser), userDocCount: total };
}

/** One user for the admin's user form. */
export async function getUser(db: Db, id: string): Promise<UserView> {
  const row = await repo.findUserById(db, id);
  if (!row) throw notFound('User');
  return presentUser(row);
}

/**
 * Runs an admin's change to another account with every admin row locked, so two admins acting on
 * each other at the same moment cannot leave the shop without one.
 */
async function withAdminsLocked<T>(
  work: UnitOfWork,
  actorId: string,
  targetId: string,
  action: (tx: Tx, touch: Touch, target: repo.UserRow, adminIds: string[]) => Promise<T>,
): Promise<T> {
  return work.transaction(async (tx, touch) => {
    const adminIds = await repo.lockAdminIds(tx);
    if (!adminIds.includes(actorId)) throw new AppError('forbidden', serverMessage('adminOnly'));
    const target = await repo.findUserById(tx, targetId);
    if (!target) throw notFound('User');
    return action(tx, touch, target, adminIds);
  });
}

/**
 * Erases a user's account inside the caller's transaction, by the same rules as the shopper's own
 * deletion (settle first, then the person goes and the books stay): the personal-data module's,
 * given by the app, because that module depends on this one.
 */
export type AccountEraser = (tx: Tx, touch: Touch, userId: string) => Promise<void>;

/**
 * An admin deletes a user (decision 0055): never themselves nor the last admin, and only by the
 * erasure rules every account deletion follows (`erase`): an open order or khata balance is a 409.
 */
export async function deleteUser(
  work: UnitOfWork,
  actorId: string,
  targetId: string,
  erase: AccountEraser,
): Promise<void> {
  if (actorId === targetId) throw new AppError('conflict', serverMessage('cannotDeleteSelf'));
  await withAdminsLocked(work, actorId, targetId, async (tx, touch, target, adminIds) => {
    if (target.role === 'Admin' && adminIds.length <= 1) throw new AppError('conflict', serverMessage('lastAdmin'));
    touch(...accountsCache.writes.deleted.tags());
    await erase(tx, touch, target.id);
  });
}

export async function updateUserRole(
  work: UnitOfWork,
  actorId: string,
  targetId: string,
  role: Role,
): Promise<UserView> {
  if (actorId === targetId && role !== 'Admin') throw new AppError('conflict', serverMessage('cannotDemoteSelf'));
  return withAdminsLocked(work, actorId, targetId, async (tx, touch, target, adminIds) => {
    if (target.role === 'Admin' && role !== 'Admin' && adminIds.length <= 1) {
      throw new AppError('conflict', serverMessage('lastAdmin'));
    }
    // The admin user list shows roles.
    touch(...accountsCache.writes.roleChanged.tags());
    sessionsChanged(touch, target.id);
    const updated = await repo.updateRole(tx, target.id, role);
    if (!updated) throw notFound('User');
    return presentUser(updated);
  });
}
