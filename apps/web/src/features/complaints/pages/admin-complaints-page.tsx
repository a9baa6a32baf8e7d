/**
 * Complaints (/admin/complaints, decision 0030): Open first, then Acknowledged, each the oldest
 * first, then the Resolved ones; a status filter; each complaint with its ticket, shopper, order,
 * words, the two deadlines with the overdue flag, the replies so far, and a reply form to
 * acknowledge or resolve it (the shopper is mailed each reply).
 */
import { orderNumberLabel } from '@mandi/shared/kernel';
import type { Complaint } from '@mandi/shared/schemas';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { LoadFailed } from '../../../components/ui/load-failed';
import { paths } from '../../../config/paths';
import { errorMessages } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { type ComplaintStatusFilter, useAdminComplaints, useReplyToComplaint } from '../api/complaints';
import { complaintsTexts as x } from '../complaints.texts';
import { ComplaintDates, ComplaintReplies } from '../components/complaint-details';
import { ComplaintStatusBadge, OverdueFlag, STATUS_TEXTS } from '../components/complaint-status';

const FILTERS: ComplaintStatusFilter[] = ['all', 'Open', 'Acknowledged', 'Resolved'];

function ReplyForm({ complaint, onSaved }: { complaint: Complaint; onSaved: (message: string) => void }) {
  const t = useT();
  const id = useId();
  const save = useReplyToComplaint();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [wanted, setWanted] = useState<'Acknowledged' | 'Resolved'>('Acknowledged');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const status = submitter?.value === 'Resolved' ? 'Resolved' : 'Acknowledged';
    setWanted(status);
    if (status === 'Resolved' && !text.trim()) return setProblem(t(x.replyRequired));
    setProblem(null);
    try {
      const saved = await save.mutateAsync({ id: complaint._id, body: { status, reply: text.trim() || null } });
      setText('');
      onSaved(t(status === 'Resolved' ? x.savedResolved : x.savedAcknowledged, { ticket: saved.ticket }));
    } catch (error) {
      setProblem(errorMessages(error).join(' '));
    }
  }

  return (
    <form className="flex flex-col gap-2" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-reply`} className="field-label">
        {t(x.replyLabel, { ticket: complaint.ticket })}
      </label>
      <textarea
        id={`${id}-reply`}
        className="field-input min-h-24"
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={5000}
        aria-describedby={`${id}-hint ${id}-problem`}
      />
      <p id={`${id}-hint`} className="text-sm text-stone-600">
        {t(x.replyHint)}
      </p>
      <p id={`${id}-problem`} className="error-text min-h-5" role="alert">
        {problem}
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="submit" name="status" value="Acknowledged" className="btn-secondary" disabled={save.isPending}>
          {save.isPending && wanted === 'Acknowledged' ? t(x.saving) : t(x.acknowledge)}
        </button>
        <button type="submit" name="status" value="Resolved" className="btn-primary" disabled={save.isPending}>
          {save.isPending && wanted === 'Resolved' ? t(x.saving) : t(x.resolve)}
        </button>
      </div>
    </form>
  );
}

function AdminComplaintCard({ complaint, onSaved }: { complaint: Complaint; onSaved: (message: string) => void }) {
  const t = useT();
  const headingId = `admin-complaint-${complaint._id}`;
  return (
    <li className={`card flex flex-col gap-4 p-5 ${complaint.overdue ? 'ring-2 ring-red-300' : ''}`}>
      <article aria-labelledby={headingId} className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={headingId} className="mr-auto text-lg font-bold text-stone-900">
            <span className="font-mono">{complaint.ticket}</span>: {complaint.subject}
          </h2>
          <ComplaintStatusBadge status={complaint.status} />
          {complaint.overdue && <OverdueFlag />}
        </div>
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-stone-600">{t(x.shopper)}</dt>
            <dd className="font-semibold text-stone-900">{complaint.userName}</dd>
          </div>
          <div>
            <dt className="text-sm text-stone-600">{t(x.orderShort)}</dt>
            <dd className="font-semibold text-stone-900">
              {complaint.orderId && complaint.orderNumber !== null ? (
                <Link
                  to={paths.admin.updateOrder(complaint.orderId)}
                  className="text-green-800 underline underline-offset-4"
                >
                  {orderNumberLabel(complaint.orderNumber)}
                </Link>
              ) : (
                t(x.noOrderShort)
              )}
            </dd>
          </div>
        </dl>
        <ComplaintDates complaint={complaint} />
        <div>
          <p className="text-sm text-stone-600">{t(x.messageLabel)}</p>
          <p className="whitespace-pre-line text-stone-900">{complaint.message}</p>
        </div>
        <ComplaintReplies complaint={complaint} />
        {complaint.status !== 'Resolved' && <ReplyForm complaint={complaint} onSaved={onSaved} />}
      </article>
    </li>
  );
}

export default function AdminComplaintsPage() {
  const t = useT();
  usePageTitle(x.adminTitle);
  const [filter, setFilter] = useState<ComplaintStatusFilter>('all');
  const [status, setStatus] = useState<string | null>(null);
  const query = useAdminComplaints(filter);
  const complaints = query.data ?? [];
  const overdue = complaints.filter((complaint) => complaint.overdue).length;

  return (
    <div>
      <AdminPageHeader title={t(x.adminTitle)} />
      <p className="mb-4 text-stone-700">{t(x.adminLead)}</p>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="complaints-filter" className="field-label">
            {t(x.filter)}
          </label>
          <select
            id="complaints-filter"
            className="field-input"
            value={filter}
            onChange={(event) => setFilter(event.target.value as ComplaintStatusFilter)}
          >
            {FILTERS.map((value) => (
              <option key={value} value={value}>
                {value === 'all' ? t(x.all) : t(STATUS_TEXTS[value])}
              </option>
            ))}
          </select>
        </div>
        {overdue > 0 && (
          <p className="rounded-lg bg-red-50 px-3 py-2 font-semibold text-red-800">
            {t(x.overdueCount, { count: overdue })}
          </p>
        )}
      </div>
      <p
        role="status"
        className={status ? 'mb-4 rounded-lg bg-green-50 px-3 py-2 font-semibold text-green-800' : 'sr-only'}
      >
        {status}
      </p>
      {query.isPending ? (
        <p className="text-stone-700">{t(x.adminLoading)}</p>
      ) : query.isError ? (
        <LoadFailed message={t(x.adminLoadFailed)} retryLabel={t(x.tryAgain)} onRetry={() => void query.refetch()} />
      ) : complaints.length === 0 ? (
        <p className="card p-5 text-stone-700">{t(x.adminEmpty)}</p>
      ) : (
        <ul className="flex flex-col gap-4" aria-label={t(x.adminTitle)}>
          {complaints.map((complaint) => (
            <AdminComplaintCard key={complaint._id} complaint={complaint} onSaved={setStatus} />
          ))}
        </ul>
      )}
    </div>
  );
}
