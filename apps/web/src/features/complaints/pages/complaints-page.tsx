/**
 * Help & Complaints (/account/complaints, decision 0030): the form to report a problem (about one
 * of the shopper's orders or none; `?orderId=` chooses the order, as the order page's "Report a
 * Problem" link does), the ticket number once sent, and the shopper's complaints with their
 * deadlines and the shop's replies.
 */
import { orderNumberLabel } from '@mandi/shared/kernel';
import type { Complaint } from '@mandi/shared/schemas';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/ui/load-failed';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMyComplaints } from '../api/complaints';
import { complaintsTexts as x } from '../complaints.texts';
import { ComplaintDates, ComplaintReplies } from '../components/complaint-details';
import { ComplaintForm } from '../components/complaint-form';
import { ComplaintStatusBadge, OverdueFlag } from '../components/complaint-status';
import { formatMoment } from '../components/format-moment';

function ComplaintCard({ complaint }: { complaint: Complaint }) {
  const t = useT();
  const headingId = `complaint-${complaint._id}`;
  return (
    <li className="card flex flex-col gap-4 p-5">
      <article aria-labelledby={headingId} className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={headingId} className="mr-auto text-lg font-bold text-stone-900">
            <span className="font-mono">{t(x.ticket, { ticket: complaint.ticket })}</span>: {complaint.subject}
          </h3>
          <ComplaintStatusBadge status={complaint.status} />
          {complaint.overdue && <OverdueFlag />}
        </div>
        {complaint.orderId && complaint.orderNumber !== null && (
          <p>
            <Link
              to={paths.orderDetails(complaint.orderId)}
              className="font-semibold text-green-800 underline underline-offset-4"
            >
              {t(x.aboutOrder, { number: orderNumberLabel(complaint.orderNumber) })}
            </Link>
          </p>
        )}
        <ComplaintDates complaint={complaint} />
        <div>
          <p className="text-sm text-stone-600">{t(x.youWrote)}</p>
          <p className="whitespace-pre-line text-stone-900">{complaint.message}</p>
        </div>
        <ComplaintReplies complaint={complaint} headingLevel={4} />
      </article>
    </li>
  );
}

export default function ComplaintsPage() {
  const t = useT();
  usePageTitle(x.title);
  const [searchParams] = useSearchParams();
  const chosenOrder = searchParams.get('orderId') ?? '';
  const query = useMyComplaints();
  const [sent, setSent] = useState<Complaint | null>(null);

  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:py-10" aria-labelledby="complaints-heading">
      <div>
        <h1 id="complaints-heading" className="page-heading">
          {t(x.title)}
        </h1>
        <p className="mt-2 text-stone-700">{t(x.lead)}</p>
      </div>

      <p role="status" className={sent ? 'rounded-lg bg-green-50 px-3 py-2 font-semibold text-green-800' : 'sr-only'}>
        {sent &&
          t(x.sent, {
            ticket: sent.ticket,
            acknowledgeBy: formatMoment(sent.acknowledgeBy),
            resolveBy: formatMoment(sent.resolveBy),
          })}
      </p>

      <div className="card p-5">
        <ComplaintForm orderId={chosenOrder} focusOnOpen={chosenOrder !== ''} onSent={setSent} />
      </div>

      <h2 className="text-xl font-bold text-stone-900">{t(x.myComplaints)}</h2>
      {query.isPending ? (
        <p className="text-stone-700">{t(x.loading)}</p>
      ) : query.isError ? (
        <LoadFailed message={t(x.loadFailed)} retryLabel={t(x.tryAgain)} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <p className="card p-5 text-stone-700">{t(x.empty)}</p>
      ) : (
        <ul className="flex flex-col gap-4" aria-label={t(x.myComplaints)}>
          {query.data.map((complaint) => (
            <ComplaintCard key={complaint._id} complaint={complaint} />
          ))}
        </ul>
      )}
    </section>
  );
}
