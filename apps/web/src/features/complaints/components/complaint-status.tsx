/** A complaint's status as a pill (words, not colour alone), and the overdue flag beside it. */
import type { Complaint } from '@mandi/shared/schemas';
import { type Text, useT } from '../../../lib/i18n';
import { complaintsTexts as x } from '../complaints.texts';

export const STATUS_TEXTS: Record<Complaint['status'], Text> = {
  Open: x.statusOpen,
  Acknowledged: x.statusAcknowledged,
  Resolved: x.statusResolved,
};

const STYLES: Record<Complaint['status'], string> = {
  Open: 'bg-amber-100 text-amber-900 ring-amber-300',
  Acknowledged: 'bg-sky-100 text-sky-900 ring-sky-300',
  Resolved: 'bg-green-100 text-green-900 ring-green-300',
};

export function ComplaintStatusBadge({ status }: { status: Complaint['status'] }) {
  const t = useT();
  return (
    <span className={`inline-flex rounded-full px-3 py-1 text-sm font-semibold ring-1 ${STYLES[status]}`}>
      {t(STATUS_TEXTS[status])}
    </span>
  );
}

export function OverdueFlag() {
  const t = useT();
  return (
    <span className="inline-flex rounded-full bg-red-100 px-3 py-1 text-sm font-bold text-red-800 ring-1 ring-red-300">
      {t(x.overdue)}
    </span>
  );
}
