/** One khata's figures: balance (owed or advance), limit, available, orders not yet packed, oldest unpaid bill, aging. */
import type { KhataAccount } from '@mandi/shared/schemas';
import { formatRupees, formatShopDate, useT } from '../../../lib/i18n';
import { khataTexts as x } from '../khata.texts';
import { balanceText } from './khata-format';

/** The balance by the age of its bills, one bucket a line. */
export function AgingLine({ aging }: { aging: KhataAccount['aging'] }) {
  const t = useT();
  const buckets = [
    [x.aging0to7, aging.days0to7],
    [x.aging8to30, aging.days8to30],
    [x.aging31plus, aging.days31plus],
  ] as const;
  return (
    <ul>
      {buckets.map(([label, amount]) => (
        <li key={label.id} className="whitespace-nowrap">
          {t(label)}: {formatRupees(amount)}
        </li>
      ))}
    </ul>
  );
}

export function AccountSummary({
  account,
  showOpened = false,
  forShopper = false,
}: {
  account: KhataAccount;
  showOpened?: boolean;
  /** The shopper's own words: "You owe ₹…", "Your advance with the shop ₹…". */
  forShopper?: boolean;
}) {
  const t = useT();
  const balanceLabel = !forShopper
    ? t(x.balance)
    : account.balance > 0
      ? t(x.youOwe)
      : account.balance < 0
        ? t(x.yourAdvance)
        : t(x.balance);
  const balanceValue = !forShopper
    ? balanceText(account.balance, t)
    : account.balance === 0
      ? t(x.nothingOwed)
      : formatRupees(Math.abs(account.balance));
  const isClosed = account.creditLimit === null;
  const rows: [string, string][] = [
    [t(x.creditLimit), isClosed ? t(x.closed) : formatRupees(account.creditLimit ?? 0)],
    [t(x.available), formatRupees(account.available)],
    ...(account.pending > 0 ? [[t(x.pending), formatRupees(account.pending)] as [string, string]] : []),
    ...(account.oldestUnpaidDays !== null
      ? [[t(x.oldestUnpaid), t(x.days, { days: account.oldestUnpaidDays })] as [string, string]]
      : []),
    ...(showOpened ? [[t(x.openedOn), formatShopDate(account.openedAt)] as [string, string]] : []),
  ];
  return (
    <div className="flex flex-col gap-4">
      <p className="flex flex-col">
        <span className="text-sm text-stone-600">{balanceLabel}</span>
        <span
          className={`text-3xl font-extrabold ${account.balance > 0 ? 'text-amber-800' : 'text-green-800'}`}
          data-testid="khata-balance"
        >
          {balanceValue}
        </span>
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-stone-600">{label}</dt>
            <dd className="font-semibold text-stone-900">{value}</dd>
          </div>
        ))}
        {account.balance > 0 && (
          <div className="contents">
            <dt className="text-stone-600">{t(x.aging)}</dt>
            <dd className="font-semibold text-stone-900">
              <AgingLine aging={account.aging} />
            </dd>
          </div>
        )}
      </dl>
    </div>
  );
}
