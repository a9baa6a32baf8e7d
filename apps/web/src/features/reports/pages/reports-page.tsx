/** Reports (/admin/reports, decision 0037): the way to the margin report and the GST return. */
import { Link } from 'react-router';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { reportsTexts as x } from '../reports.texts';

export default function ReportsPage() {
  const t = useT();
  usePageTitle(x.reportsTitle);
  const reports = [
    { to: paths.admin.marginReport(), title: x.marginLink, hint: x.marginLinkHint },
    { to: paths.admin.gstReturn(), title: x.gstLink, hint: x.gstLinkHint },
  ];
  return (
    <section>
      <AdminPageHeader title={t(x.reportsTitle)} />
      <p className="mb-4 max-w-xl text-sm text-stone-700">{t(x.reportsIntro)}</p>
      <ul className="grid gap-4 sm:grid-cols-2">
        {reports.map((report) => (
          <li key={report.to}>
            <Link to={report.to} className="card block h-full p-5 hover:bg-green-50 focus-visible:bg-green-50">
              <span className="block text-lg font-bold text-green-800 underline-offset-4">{t(report.title)}</span>
              <span className="mt-1 block text-sm text-stone-700">{t(report.hint)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
