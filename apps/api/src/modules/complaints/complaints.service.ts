/**
 * Complaint rules (decision 0030): a shopper makes one, about one of their own orders or none; the
 * shop replies, moving it forward only (Open → Acknowledged → Resolved, or Open → Resolved); a
 * Resolved complaint is closed. Each reply is kept with its time. Mails go after the answer.
 */
import { canMoveComplaint } from '@mandi/shared/kernel';
import type { Complaint } from '@mandi/shared/schemas';
import { serverMessage } from '@mandi/shared/server-messages';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { parseId } from '../../lib/validation.js';
import { findMailContact } from '../accounts/accounts.service.js';
import { complaintsCache } from './complaints.cache.js';
import { complaintMadeMail, complaintReplyMail } from './complaints.mail.js';
import { presentComplaint } from './complaints.presenter.js';
import * as repo from './complaints.repository.js';

export type ComplaintsDeps = Pick<AppDeps, 'db' | 'work' | 'mailer' | 'config' | 'afterAnswer' | 'shop'> & {
  now: () => Date;
};

/** Makes the shopper's complaint; `orderId` must be one of their own orders (else a 404). */
export async function makeComplaint(
  deps: ComplaintsDeps,
  userId: string,
  input: { orderId?: string | null; subject: string; message: string },
  log: FastifyBaseLogger,
): Promise<Complaint> {
  const now = deps.now();
  const complaint = await deps.work.transaction(async (tx, touch) => {
    touch(...complaintsCache.writes.changed.tags());
    let orderId: string | null = null;
    if (input.orderId) {
      orderId = await repo.findOwnOrderId(tx, userId, parseId(input.orderId, 'Order'));
      if (!orderId) throw notFound('Order');
    }
    const id = await repo.insertComplaint(tx, {
      userId,
      orderId,
      subject: input.subject,
      message: input.message,
      createdAt: now,
    });
    const row = await repo.findComplaint(tx, id);
    if (!row) throw new Error('the complaint just made could not be read');
    return presentComplaint(row, now);
  });
  mailShopper(deps, userId, complaint, 'made', log);
  return complaint;
}

export async function listOwnComplaints(db: Db, userId: string, now: Date): Promise<Complaint[]> {
  return (await repo.findComplaintsOfUser(db, userId)).map((row) => presentComplaint(row, now));
}

export async function listComplaintsForAdmin(
  db: Db,
  status: repo.ComplaintStatusValue | undefined,
  now: Date,
): Promise<Complaint[]> {
  return (await repo.findComplaintsForAdmin(db, status)).map((row) => presentComplaint(row, now));
}

/**
 * The shop's reply. Words are needed to resolve, and to answer an Acknowledged complaint again; a
 * first acknowledgement may go without. A Resolved complaint is a 409, even when another admin
 * resolved it a moment before (the update checks the status in the same statement).
 */
export async function replyToComplaint(
  deps: ComplaintsDeps,
  rawId: string,
  input: { status: 'Acknowledged' | 'Resolved'; reply?: string | null },
  log: FastifyBaseLogger,
): Promise<Complaint> {
  const id = parseId(rawId, 'Complaint');
  const now = deps.now();
  const text = input.reply?.trim() ? input.reply.trim() : null;
  const { complaint, ownerId } = await deps.work.transaction(async (tx, touch) => {
    const current = await repo.findComplaint(tx, id);
    if (!current) throw notFound('Complaint');
    if (!canMoveComplaint(current.status, input.status)) {
      throw new AppError('conflict', serverMessage('complaintClosed'));
    }
    if (!text && (input.status === 'Resolved' || current.status === 'Acknowledged')) {
      throw new AppError('invalid', serverMessage('complaintReplyRequired'));
    }
    touch(...complaintsCache.writes.changed.tags());
    const updated = await repo.addReply(tx, id, { at: now.toISOString(), status: input.status, text }, now);
    if (!updated) throw new AppError('conflict', serverMessage('complaintClosed'));
    const row = await repo.findComplaint(tx, id);
    if (!row) throw notFound('Complaint');
    return { complaint: presentComplaint(row, now), ownerId: row.userId };
  });
  if (ownerId) mailShopper(deps, ownerId, complaint, 'reply', log);
  return complaint;
}

/** Mails the shopper after the answer, in their language; a deleted shopper gets nothing. */
function mailShopper(
  deps: ComplaintsDeps,
  userId: string,
  complaint: Complaint,
  kind: 'made' | 'reply',
  log: FastifyBaseLogger,
): void {
  deps.afterAnswer.push(
    async () => {
      const contact = await findMailContact(deps.db, userId);
      if (!contact) return;
      const link = `${deps.config.publicUrl}/account/complaints`;
      const write = kind === 'made' ? complaintMadeMail : complaintReplyMail;
      const shop = await deps.shop.current();
      await deps.mailer.send(write(contact.email, contact.firstName, complaint, link, contact.language, shop));
    },
    log,
    `the complaint mail (${complaint.ticket}, ${kind}) could not be sent`,
  );
}
