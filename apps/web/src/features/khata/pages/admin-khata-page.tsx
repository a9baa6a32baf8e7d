/**
 * Khata (/admin/khata): the totals over every khata (balance owed, and its aging 0–7, 8–30, 31+
 * days), then the khatas by balance, the largest first, 50 a page and searched by name, email or
 * mobile on the server (decision 0039): name (to the account's page), mobile, limit, balance,
 * available, oldest unpaid bill, aging. "Manage" opens one account's actions below the table:
 * remind on WhatsApp, record a payment, download a statement, change the limit or close.
 */
import type { KhataAccount } from '@mandi/shared/schemas';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  ListPages,
  SearchBox,
  SearchMatches,
  useListParams,
  useStepBackWhenEmpty,
} from '../../../components/admin/admin-list';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { LoadFailed } from '../../../components/ui/load-failed';
import { paths } from '../../../config/paths';
import { formatRupees, useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { ADMIN_KHATAS_PAGE_SIZE, useAdminKhatas } from '../api/admin-khatas';
import { AccountActions } from '../components/account-actions';
import { AgingLine } from '../components/account-summary';
import { balanceText } from '../components/khata-format';
import { khataTexts as x } from '../khata.texts';

function Figure({ label, value, wide = false }: { label: string; value: string; wide?: boolean }) {
  return (
    <div className={`card flex flex-col gap-1 p-4 ${wide ? 'col-span-2 sm:col-span-1' : ''}`}>
      <dt className="text-sm text-stone-600">{label}</dt>
      <dd className="text-xl font-bold text-stone-900">{value}</dd>
    </div>
  );
}

function ManagePanel({ account, onClose }: { account: KhataAccount; onClose: () => void }) {
  const t = useT();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves each time another account is chosen.
  useEffect(() => headingRef.current?.focus(), [account.userId]);
  return (
    <section className="card mt-4 flex flex-col gap-4 p-5" aria-labelledby="khata-manage-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="khata-manage-heading" ref={headingRef} tabIndex={-1} className="text-lg font-bold text-stone-900">
          {t(x.accountTitle, { name: account.name })}: {balanceText(account.balance, t)}
        </h2>
        <button type="button" className="btn-secondary" onClick={onClose}>
          {t(x.hide)}
        </button>
      </div>
      <AccountActions account={account} />
    </section>
  );
}

export default function AdminKhataPage() {
  const t = useT();
  usePageTitle(x.adminTitle);
  const list = useListParams<never>([]);
  const { params } = list;
  const query = useAdminKhatas(params);
  useStepBackWhenEmpty(query.data, query.isPlaceholderData, params.page, ADMIN_KHATAS_PAGE_SIZE, list.pageHref);
  const [managed, setManaged] = useState<string | null>(null);
  const accounts = query.data?.items ?? [];
  const totals = query.data?.totals;
  const matched = query.data?.total ?? 0;
  const sectionRef = useRef<HTMLDivElement>(null);
  const showTop = () => sectionRef.current?.scrollIntoView?.({ block: 'start' });
  const managedAccount = accounts.find((account) => account.userId !== null && account.userId === managed) ?? null;

  return (
    <div ref={sectionRef}>
      <AdminPageHeader title={t(x.adminTitle)} />
      <p className="mb-4 text-stone-700">{t(x.adminLead)}</p>
      {query.isPending ? (
        <p className="text-stone-700">{t(x.adminLoading)}</p>
      ) : query.isError ? (
        <LoadFailed message={t(x.adminLoadFailed)} retryLabel={t(x.tryAgain)} onRetry={() => void query.refetch()} />
      ) : (
        <>
          {totals && (
            <section aria-label={t(x.totalsHeading)} className="mb-4">
              <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
                <Figure label={t(x.totalOwed)} value={formatRupees(totals.balance)} wide />
                <Figure label={t(x.aging0to7)} value={formatRupees(totals.aging.days0to7)} />
                <Figure label={t(x.aging8to30)} value={formatRupees(totals.aging.days8to30)} />
                <Figure label={t(x.aging31plus)} value={formatRupees(totals.aging.days31plus)} />
                <Figure label={t(x.totalsHeading)} value={t(x.accountsCount, { count: totals.accounts })} />
              </dl>
            </section>
          )}
          {(totals?.accounts ?? 0) > 0 && (
            <>
              <SearchBox label={t(x.searchKhatas)} value={params.q} onSearch={list.setSearch} />
              {params.q && (
                <SearchMatches
                  q={params.q}
                  matched={matched}
                  texts={{ none: x.searchNone, one: x.searchMatch, many: x.searchMatches }}
                  className="mb-4"
                />
              )}
            </>
          )}
          {accounts.length === 0 ? (
            !params.q && <p className="card p-5 text-stone-700">{t(x.adminEmpty)}</p>
          ) : (
            <div className="card overflow-x-auto">
              <table className="w-full min-w-[52rem] text-left text-sm">
                <caption className="sr-only">{t(x.adminTitle)}</caption>
                <thead className="bg-green-50 text-xs tracking-wide text-green-900 uppercase">
                  <tr>
                    {[x.colName, x.colMobile, x.colLimit, x.colBalance, x.colAvailable, x.colOldest, x.colAging].map(
                      (header) => (
                        <th key={header.id} scope="col" className="px-4 py-3 font-semibold whitespace-nowrap">
                          {t(header)}
                        </th>
                      ),
                    )}
                    <th scope="col" className="px-4 py-3 font-semibold whitespace-nowrap">
                      {t(x.colActions)}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-stone-100">
                  {accounts.map((account) => (
                    <tr key={account.userId ?? `${account.name}-${account.openedAt}`}>
                      <th scope="row" className="px-4 py-3 font-semibold text-stone-900">
                        {account.userId ? (
                          <Link
                            to={paths.admin.khataAccount(account.userId)}
                            aria-label={t(x.entriesLabel, { name: account.name })}
                            className="text-green-800 underline underline-offset-4"
                          >
                            {account.name}
                          </Link>
                        ) : (
                          account.name
                        )}
                      </th>
                      <td className="px-4 py-3 font-mono whitespace-nowrap">{account.mobile ?? t(x.none)}</td>
                      <td className="px-4 py-3 whitespace-nowrap">
                        {account.creditLimit === null ? t(x.closed) : formatRupees(account.creditLimit)}
                      </td>
                      <td
                        className={`px-4 py-3 font-semibold whitespace-nowrap ${account.balance > 0 ? 'text-amber-800' : 'text-green-800'}`}
                      >
                        {balanceText(account.balance, t)}
                      </td>
                      <td className="px-4 py-3 whitespace-nowrap">{formatRupees(account.available)}</td>
                      <td className="px-4 py-3 whitespace-nowrap">
                        {account.oldestUnpaidDays === null ? t(x.none) : t(x.days, { days: account.oldestUnpaidDays })}
                      </td>
                      <td className="px-4 py-3 text-xs text-stone-700">
                        {account.balance > 0 ? <AgingLine aging={account.aging} /> : t(x.none)}
                      </td>
                      <td className="px-4 py-3">
                        {account.userId && (
                          <button
                            type="button"
                            className="btn-secondary whitespace-nowrap"
                            aria-label={t(x.manageLabel, { name: account.name })}
                            aria-expanded={managed === account.userId}
                            aria-controls={managed === account.userId ? 'khata-manage' : undefined}
                            onClick={() => setManaged(managed === account.userId ? null : account.userId)}
                          >
                            {t(x.manage)}
                          </button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {query.data && (
            <ListPages
              noun={t(x.khatasNoun)}
              page={query.data.page}
              total={query.data.total}
              pageSize={ADMIN_KHATAS_PAGE_SIZE}
              pageHref={list.pageHref}
              onTurn={showTop}
            />
          )}
          {managedAccount && (
            <div id="khata-manage">
              <ManagePanel key={managedAccount.userId} account={managedAccount} onClose={() => setManaged(null)} />
            </div>
          )}
        </>
      )}
    </div>
  );
}
