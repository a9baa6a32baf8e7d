/**
 * What both screens show of a complaint: its dates and deadlines (the one missed flagged), the
 * shopper's words and the shop's replies in order.
 */
import type { Complaint } from '@mandi/shared/schemas';
import { useT } from '../../../lib/i18n';
import { complaintsTexts as x } from '../complaints.texts';
import { STATUS_TEXTS } from './complaint-status';
import { formatMoment } from './format-moment';

/** Which deadline an overdue complaint missed: the 30-day one once it has passed, else the 48-hour one. */
export function missedDeadline(complaint: Complaint, now = Date.now()): 'acknowledge' | 'resolve' | null {
  if (!complaint.overdue) return null;
  return complaint.status !== 'Resolved' && now > new Date(complaint.resolveBy).getTime() ? 'resolve' : 'acknowledge';
}

function Moment({ label, iso, flagged = false }: { label: string; iso: string; flagged?: boolean }) {
  const t = useT();
  return (
    <div>
      <dt className="text-sm text-stone-600">{label}</dt>
      <dd className={`font-semibold ${flagged ? 'text-red-700' : 'text-stone-900'}`}>
        <time dateTime={iso}>{formatMoment(iso)}</time>
        {flagged && <span className="ml-1">({t(x.overdue)})</span>}
      </dd>
    </div>
  );
}

export function ComplaintDates({ complaint }: { complaint: Complaint }) {
  const t = useT();
  const missed = missedDeadline(complaint);
  return (
    <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      <Moment label={t(x.made)} iso={complaint.createdAt} />
      {complaint.acknowledgedAt ? (
        <Moment label={t(x.acknowledged)} iso={complaint.acknowledgedAt} />
      ) : (
        <Moment label={t(x.acknowledgeBy)} iso={complaint.acknowledgeBy} flagged={missed === 'acknowledge'} />
      )}
      {complaint.resolvedAt ? (
        <Moment label={t(x.resolved)} iso={complaint.resolvedAt} />
      ) : (
        <Moment label={t(x.resolveBy)} iso={complaint.resolveBy} flagged={missed === 'resolve'} />
      )}
    </dl>
  );
}

export function ComplaintReplies({ complaint, headingLevel = 3 }: { complaint: Complaint; headingLevel?: 3 | 4 }) {
  const t = useT();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <div className="flex flex-col gap-2">
      <Heading className="font-bold text-stone-900">{t(x.repliesHeading)}</Heading>
      {complaint.replies.length === 0 ? (
        <p className="text-stone-700">{t(x.noReplyYet)}</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {complaint.replies.map((reply) => (
            <li key={`${reply.at}-${reply.status}`} className="rounded-lg bg-green-50 px-3 py-2 text-stone-900">
              <p className="text-sm text-stone-700">
                <time dateTime={reply.at}>{formatMoment(reply.at)}</time> · {t(STATUS_TEXTS[reply.status])}
              </p>
              <p className="whitespace-pre-line">{reply.text ?? t(x.acknowledgedWithoutWords)}</p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
