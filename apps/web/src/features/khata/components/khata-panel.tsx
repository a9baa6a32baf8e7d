/**
 * The Khata panel of the admin's user and order screens (for the order's shopper): no khata, or a
 * closed one → a credit limit and "Open Khata"; an open khata → its balance and available credit,
 * the limit to change, and a link to its page.
 */
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatRupees, useT } from '../../../lib/i18n';
import { useAdminKhata } from '../api/khata';
import { khataTexts as x } from '../khata.texts';
import { balanceText } from './khata-format';
import { LimitForm } from './limit-form';

export function KhataPanel({ userId, name }: { userId: string; name: string }) {
  const t = useT();
  const headingId = useId();
  const query = useAdminKhata(userId);
  const account = query.data?.account ?? null;
  const isOpen = account !== null && account.creditLimit !== null;

  return (
    <section aria-labelledby={headingId} className="card flex flex-col gap-3 p-5">
      <h2 id={headingId} className="text-lg font-bold text-stone-900">
        {t(x.panelHeading)}
      </h2>
      {query.isPending ? (
        <p className="text-sm text-stone-700">{t(x.accountLoading)}</p>
      ) : query.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {t(x.panelLoadFailed)}
        </p>
      ) : (
        <>
          {isOpen && account ? (
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-stone-600">{t(x.balance)}</dt>
              <dd className="font-semibold text-stone-900">{balanceText(account.balance, t)}</dd>
              <dt className="text-stone-600">{t(x.creditLimit)}</dt>
              <dd className="font-semibold text-stone-900">{formatRupees(account.creditLimit ?? 0)}</dd>
              <dt className="text-stone-600">{t(x.available)}</dt>
              <dd className="font-semibold text-stone-900">{formatRupees(account.available)}</dd>
            </dl>
          ) : (
            <p className="text-sm text-stone-700">{account ? t(x.panelClosed) : t(x.panelNone)}</p>
          )}
          <LimitForm userId={userId} name={name} account={account} showHeading={false} />
          {account && (
            <Link
              to={paths.admin.khataAccount(userId)}
              aria-label={t(x.khataPageLabel, { name })}
              className="font-semibold text-green-800 underline underline-offset-4"
            >
              {t(x.khataPage)}
            </Link>
          )}
        </>
      )}
    </section>
  );
}
