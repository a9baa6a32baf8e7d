/**
 * Complaint tickets (decision 0030, India's Consumer Protection (E-Commerce) Rules 2020): a ticket
 * number the shopper can quote, an acknowledgement within 48 hours and a resolution within 30 days
 * of the complaint. The server computes the deadlines and the overdue flag with these rules; the
 * browser only shows what the server says.
 */

export const COMPLAINT_STATUSES = ['Open', 'Acknowledged', 'Resolved'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];
/** The statuses an admin's reply may set. */
export const COMPLAINT_REPLY_STATUSES = ['Acknowledged', 'Resolved'] as const;
export type ComplaintReplyStatus = (typeof COMPLAINT_REPLY_STATUSES)[number];

export const COMPLAINT_SUBJECT_MIN_LENGTH = 3;
export const COMPLAINT_SUBJECT_MAX_LENGTH = 120;
export const COMPLAINT_MESSAGE_MIN_LENGTH = 10;
export const COMPLAINT_MESSAGE_MAX_LENGTH = 5000;
export const COMPLAINT_REPLY_MAX_LENGTH = 5000;

export const COMPLAINT_ACKNOWLEDGE_WITHIN_MS = 48 * 60 * 60 * 1000;
export const COMPLAINT_RESOLVE_WITHIN_MS = 30 * 24 * 60 * 60 * 1000;

/** `C-000123`: the ticket's number padded to 6 digits (more digits once past 999,999). */
export function complaintTicketLabel(ticketNumber: number): string {
  return `C-${String(ticketNumber).padStart(6, '0')}`;
}

/** The two deadlines of a complaint made at `createdAt`. */
export function complaintDeadlines(createdAt: Date): { acknowledgeBy: Date; resolveBy: Date } {
  return {
    acknowledgeBy: new Date(createdAt.getTime() + COMPLAINT_ACKNOWLEDGE_WITHIN_MS),
    resolveBy: new Date(createdAt.getTime() + COMPLAINT_RESOLVE_WITHIN_MS),
  };
}

/** Overdue: still Open past the acknowledgement deadline, or not Resolved past the resolution deadline. */
export function isComplaintOverdue(status: ComplaintStatus, createdAt: Date, now: Date): boolean {
  const { acknowledgeBy, resolveBy } = complaintDeadlines(createdAt);
  const at = now.getTime();
  return (status === 'Open' && at > acknowledgeBy.getTime()) || (status !== 'Resolved' && at > resolveBy.getTime());
}

/**
 * Whether an admin's reply may move a complaint from `from` to `to`: forward only (Open to
 * Acknowledged or Resolved; Acknowledged to Resolved, or Acknowledged again with a further reply);
 * a Resolved complaint is closed.
 */
export function canMoveComplaint(from: ComplaintStatus, _to: ComplaintReplyStatus): boolean {
  return from !== 'Resolved';
}
