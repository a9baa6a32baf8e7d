/**
 * Complaints (decision 0030): a shopper's grievance with a ticket number, the shop's replies, and
 * the two deadlines of India's Consumer Protection (E-Commerce) Rules 2020.
 */
import { z } from 'zod';
import {
  COMPLAINT_MESSAGE_MAX_LENGTH,
  COMPLAINT_MESSAGE_MIN_LENGTH,
  COMPLAINT_REPLY_MAX_LENGTH,
  COMPLAINT_REPLY_STATUSES,
  COMPLAINT_STATUSES,
  COMPLAINT_SUBJECT_MAX_LENGTH,
  COMPLAINT_SUBJECT_MIN_LENGTH,
} from '../kernel/complaints.js';
import { schemaMessage } from '../server-messages.js';
import { idSchema, isoDateSchema } from './common.js';

const subjectLength = schemaMessage('complaintSubjectLength', {
  min: COMPLAINT_SUBJECT_MIN_LENGTH,
  max: COMPLAINT_SUBJECT_MAX_LENGTH,
});
const messageLength = schemaMessage('complaintMessageLength', {
  min: COMPLAINT_MESSAGE_MIN_LENGTH,
  max: COMPLAINT_MESSAGE_MAX_LENGTH,
});

/** `POST /api/user/complaints`: about one of the shopper's orders, or about nothing in particular. */
export const complaintBodySchema = z.object({
  orderId: idSchema
    .nullish()
    .meta({ description: "One of the shopper's own orders (another's or none such is a 404); absent or null: none" }),
  subject: z
    .string({ error: subjectLength })
    .trim()
    .min(COMPLAINT_SUBJECT_MIN_LENGTH, subjectLength)
    .max(COMPLAINT_SUBJECT_MAX_LENGTH, subjectLength),
  message: z
    .string({ error: messageLength })
    .trim()
    .min(COMPLAINT_MESSAGE_MIN_LENGTH, messageLength)
    .max(COMPLAINT_MESSAGE_MAX_LENGTH, messageLength),
});

/**
 * `PUT /api/admin/complaints/{id}`: the shop's reply. Optional (empty) when acknowledging for the
 * first time; required to resolve, and to acknowledge again (a further reply).
 */
export const complaintReplyBodySchema = z.object({
  status: z.enum(COMPLAINT_REPLY_STATUSES, { error: schemaMessage('complaintStatusInvalid') }),
  reply: z
    .string({ error: schemaMessage('complaintReplyMax', { max: COMPLAINT_REPLY_MAX_LENGTH }) })
    .trim()
    .max(COMPLAINT_REPLY_MAX_LENGTH, schemaMessage('complaintReplyMax', { max: COMPLAINT_REPLY_MAX_LENGTH }))
    .nullish(),
});
export type ComplaintReplyBody = z.input<typeof complaintReplyBodySchema>;

export const complaintReplySchema = z.object({
  at: isoDateSchema,
  /** The status the reply set. */
  status: z.enum(COMPLAINT_REPLY_STATUSES),
  /** The reply's text; null for an acknowledgement without words. */
  text: z.string().nullable(),
});

export const complaintSchema = z.object({
  _id: idSchema,
  /** `C-000123`, from one database sequence: unique across processes, never reused. */
  ticket: z.string(),
  orderId: idSchema.nullable(),
  /** The order's number (1042, shown `#1042`), or null without an order. */
  orderNumber: z.number().int().nullable(),
  /** The shopper's name as it is now ("Deleted shopper" once the account is gone). */
  userName: z.string(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(COMPLAINT_STATUSES),
  /** The latest reply's text, or null. */
  reply: z.string().nullable(),
  /** Every reply, oldest first. */
  replies: z.array(complaintReplySchema),
  createdAt: isoDateSchema,
  /** createdAt + 48 hours. */
  acknowledgeBy: isoDateSchema,
  /** createdAt + 30 days. */
  resolveBy: isoDateSchema,
  acknowledgedAt: isoDateSchema.nullable(),
  resolvedAt: isoDateSchema.nullable(),
  /** Still Open past acknowledgeBy, or not Resolved past resolveBy (by the server's clock). */
  overdue: z.boolean(),
});
export type Complaint = z.infer<typeof complaintSchema>;

export const complaintAnswerSchema = z.object({ success: z.literal(true), complaint: complaintSchema });
export type ComplaintAnswer = z.infer<typeof complaintAnswerSchema>;

export const complaintsAnswerSchema = z.object({ success: z.literal(true), complaints: z.array(complaintSchema) });
export type ComplaintsAnswer = z.infer<typeof complaintsAnswerSchema>;

/** `GET /api/admin/complaints?status=`: one status, or all. */
export const complaintsQuerySchema = z.object({
  status: z.enum(COMPLAINT_STATUSES, { error: schemaMessage('complaintStatusFilter') }).optional(),
});
