/**
 * My khata (/account/khata): the shopper's balance (owed, or an advance), credit limit, what is
 * still available, the entries with the running balance, and a statement of a date range in the
 * interface's language. Without a khata: a plain word that the shop can open one. Phone first:
 * one column, the entries in four narrow columns.
 */

import { LoadFailed } from '../../../components/ui/load-failed';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { myStatementUrl, useMyKhata } from '../api/khata';
import { AccountSummary } from '../components/account-summary';
import { EntriesTable } from '../components/entries-table';
import { StatementForm } from '../components/statement-form';
import { khataTexts as x } from '../khata.texts';

export default function MyKhataPage() {
  const t = useT();
  usePageTitle(x.myTitle);
  const query = useMyKhata();
  const khata = query.data;

  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:py-10" aria-labelledby="my-khata-heading">
      <div>
        <h1 id="my-khata-heading" className="page-heading">
          {t(x.myTitle)}
        </h1>
        <p className="mt-2 text-stone-700">{t(x.myLead)}</p>
      </div>
      {query.isPending ? (
        <p className="text-stone-700">{t(x.myLoading)}</p>
      ) : query.isError ? (
        <LoadFailed message={t(x.myLoadFailed)} retryLabel={t(x.tryAgain)} onRetry={() => void query.refetch()} />
      ) : !khata ? (
        <p className="card p-5 text-stone-800">{t(x.myNone)}</p>
      ) : (
        <>
          <div className="card flex flex-col gap-3 p-5">
            {khata.account.creditLimit === null && <p className="font-semibold text-amber-800">{t(x.myClosed)}</p>}
            <AccountSummary account={khata.account} forShopper />
          </div>
          <section className="card flex flex-col gap-3 p-4 sm:p-5" aria-labelledby="my-khata-entries">
            <h2 id="my-khata-entries" className="text-lg font-bold text-stone-900">
              {t(x.entriesHeading)}
            </h2>
            <EntriesTable entries={khata.entries} caption={t(x.entriesHeading)} empty={t(x.myEntriesEmpty)} />
          </section>
          <div className="card p-5">
            <StatementForm urlOf={myStatementUrl} hint={t(x.myStatementHint)} headingLevel={2} />
          </div>
        </>
      )}
    </section>
  );
}
