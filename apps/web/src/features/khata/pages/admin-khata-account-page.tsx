/**
 * One khata (/admin/khata/{userId}): its figures, the actions (remind, record a payment, statement,
 * limit or close) and its entries, oldest first, with the running balance. A shopper without a
 * khata gets the form that opens one.
 */
import { useParams } from 'react-router';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { ErrorBlock } from '../../../components/ui/error-block';
import { paths } from '../../../config/paths';
import { errorMessages } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAdminKhata } from '../api/khata';
import { AccountActions } from '../components/account-actions';
import { AccountSummary } from '../components/account-summary';
import { EntriesTable } from '../components/entries-table';
import { LimitForm } from '../components/limit-form';
import { khataTexts as x } from '../khata.texts';

export default function AdminKhataAccountPage() {
  const t = useT();
  const { userId = '' } = useParams();
  const query = useAdminKhata(userId);
  const account = query.data?.account ?? null;
  usePageTitle(x.adminTitle);
  const back = { to: paths.admin.khata(), label: t(x.allKhatas) };

  if (query.isPending) {
    return (
      <section>
        <AdminPageHeader title={t(x.adminTitle)} back={back} />
        <p role="status">{t(x.accountLoading)}</p>
      </section>
    );
  }
  if (query.isError) {
    return (
      <section>
        <AdminPageHeader title={t(x.adminTitle)} back={back} />
        <ErrorBlock messages={[t(x.accountLoadFailed), ...errorMessages(query.error)]} />
      </section>
    );
  }
  if (!account) {
    return (
      <section>
        <AdminPageHeader title={t(x.adminTitle)} back={back} />
        <div className="card flex max-w-xl flex-col gap-4 p-5">
          <p className="text-stone-700">{t(x.panelNone)}</p>
          <LimitForm userId={userId} name="" account={null} headingLevel={2} />
        </div>
      </section>
    );
  }

  return (
    <section className="flex flex-col gap-4">
      <AdminPageHeader title={t(x.accountTitle, { name: account.name })} back={back} />
      <div className="card flex flex-col gap-4 p-5">
        <AccountSummary account={account} showOpened />
        {account.mobile && (
          <p className="text-sm text-stone-700">
            {t(x.mobileLabel)}: <span className="font-mono font-semibold text-stone-900">{account.mobile}</span>
          </p>
        )}
      </div>
      <div className="card p-5">
        <AccountActions account={account} headingLevel={2} />
      </div>
      <section className="card flex flex-col gap-3 p-5" aria-labelledby="khata-entries-heading">
        <h2 id="khata-entries-heading" className="text-lg font-bold text-stone-900">
          {t(x.entriesHeading)}
        </h2>
        <EntriesTable entries={query.data?.entries ?? []} caption={t(x.entriesHeading)} empty={t(x.entriesEmpty)} />
      </section>
    </section>
  );
}
