/** A complaint on the wire: its ticket label, deadlines and overdue flag at the app's `now`. */
import { complaintDeadlines, complaintTicketLabel, isComplaintOverdue } from '@mandi/shared/kernel';
import type { Complaint } from '@mandi/shared/schemas';
import type { ComplaintRow } from './complaints.repository.js';

/** The name shown for a complaint whose shopper's account is gone. */
export const DELETED_SHOPPER = 'Deleted shopper';

export function presentComplaint(row: ComplaintRow, now: Date): Complaint {
  const { acknowledgeBy, resolveBy } = complaintDeadlines(row.createdAt);
  const latest = row.replies.findLast((reply) => reply.text !== null);
  return {
    _id: row.id,
    ticket: complaintTicketLabel(row.ticketNumber),
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    userName: row.firstName === null ? DELETED_SHOPPER : `${row.firstName} ${row.lastName ?? ''}`.trim(),
    subject: row.subject,
    message: row.message,
    status: row.status,
    reply: latest?.text ?? null,
    replies: row.replies.map((reply) => ({ at: reply.at, status: reply.status, text: reply.text })),
    createdAt: row.createdAt.toISOString(),
    acknowledgeBy: acknowledgeBy.toISOString(),
    resolveBy: resolveBy.toISOString(),
    acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    overdue: isComplaintOverdue(row.status, row.createdAt, now),
  };
}
