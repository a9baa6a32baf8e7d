/**
 * "Report a problem": an optional order (one of the shopper's, newest first), a subject and what
 * happened, checked here by the server's limits before sending; the server checks them again and
 * its message shows here as well.
 */
import {
  COMPLAINT_MESSAGE_MAX_LENGTH,
  COMPLAINT_MESSAGE_MIN_LENGTH,
  COMPLAINT_SUBJECT_MAX_LENGTH,
  COMPLAINT_SUBJECT_MIN_LENGTH,
  orderNumberLabel,
} from '@mandi/shared/kernel';
import type { Complaint } from '@mandi/shared/schemas';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { errorMessages } from '../../../lib/api-client';
import { formatShopDate, useT } from '../../../lib/i18n';
import { type ComplaintFields, useMakeComplaint, useMyOrdersForComplaint } from '../api/complaints';
import { complaintsTexts as x } from '../complaints.texts';

const subjectLimits = { min: COMPLAINT_SUBJECT_MIN_LENGTH, max: COMPLAINT_SUBJECT_MAX_LENGTH };
const messageLimits = { min: COMPLAINT_MESSAGE_MIN_LENGTH, max: COMPLAINT_MESSAGE_MAX_LENGTH };
const within = (text: string, { min, max }: { min: number; max: number }) =>
  text.trim().length >= min && text.trim().length <= max;

export function ComplaintForm({
  orderId = '',
  focusOnOpen = false,
  onSent,
}: {
  /** The order chosen when the form opens (from the order's page). */
  orderId?: string;
  focusOnOpen?: boolean;
  onSent: (complaint: Complaint) => void;
}) {
  const t = useT();
  const id = useId();
  const orders = useMyOrdersForComplaint();
  const make = useMakeComplaint();
  const [fields, setFields] = useState<ComplaintFields>({ orderId, subject: '', message: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const subjectRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusOnOpen) subjectRef.current?.focus();
  }, [focusOnOpen]);
  const update = (field: keyof ComplaintFields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!within(fields.subject, subjectLimits)) return setProblem(t(x.subjectProblem, subjectLimits));
    if (!within(fields.message, messageLimits)) return setProblem(t(x.messageProblem, messageLimits));
    setProblem(null);
    try {
      const complaint = await make.mutateAsync(fields);
      setFields({ orderId: '', subject: '', message: '' });
      onSent(complaint);
    } catch (error) {
      setProblem(errorMessages(error).join(' '));
    }
  }

  const describedBy = problem ? `${id}-problem` : undefined;
  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-lg font-bold text-stone-900">
        {t(x.newComplaint)}
      </h2>
      <div>
        <label htmlFor={`${id}-order`} className="field-label">
          {t(x.order)}
        </label>
        <select id={`${id}-order`} className="field-input" value={fields.orderId} onChange={update('orderId')}>
          <option value="">{t(x.noOrder)}</option>
          {/* The chosen order stays offered while the list loads. */}
          {fields.orderId && !orders.data?.some((order) => order._id === fields.orderId) && (
            <option value={fields.orderId}>{fields.orderId}</option>
          )}
          {(orders.data ?? []).map((order) => (
            <option key={order._id} value={order._id}>
              {t(x.orderOption, { number: orderNumberLabel(order.orderNumber), date: formatShopDate(order.orderDate) })}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-subject`} className="field-label">
          {t(x.subject)}
        </label>
        <input
          ref={subjectRef}
          id={`${id}-subject`}
          className="field-input"
          value={fields.subject}
          onChange={update('subject')}
          maxLength={COMPLAINT_SUBJECT_MAX_LENGTH}
          aria-describedby={[`${id}-subject-hint`, describedBy].filter(Boolean).join(' ')}
        />
        <p id={`${id}-subject-hint`} className="mt-1 text-sm text-stone-600">
          {t(x.subjectHint, subjectLimits)}
        </p>
      </div>
      <div>
        <label htmlFor={`${id}-message`} className="field-label">
          {t(x.message)}
        </label>
        <textarea
          id={`${id}-message`}
          className="field-input min-h-32"
          value={fields.message}
          onChange={update('message')}
          maxLength={COMPLAINT_MESSAGE_MAX_LENGTH}
          aria-describedby={[`${id}-message-hint`, describedBy].filter(Boolean).join(' ')}
        />
        <p id={`${id}-message-hint`} className="mt-1 text-sm text-stone-600">
          {t(x.messageHint, messageLimits)}
        </p>
      </div>
      <p id={`${id}-problem`} className="error-text min-h-5" role="alert">
        {problem}
      </p>
      <button type="submit" className="btn-primary self-start" disabled={make.isPending}>
        {make.isPending ? t(x.sending) : t(x.send)}
      </button>
    </form>
  );
}
