/**
 * A khata's entries, oldest first as the server sends them, with the running balance after each
 * (amounts above 0 add to what is owed; payments and credits show with a minus). Three columns, the
 * entry's date and detail (invoice number, payment reference, note) under what it is, so the table
 * fits a 360 px phone without scrolling.
 */
import type { KhataEntry } from '@mandi/shared/schemas';
import { formatRupees, formatShopDate, useT } from '../../../lib/i18n';
import { khataTexts as x } from '../khata.texts';
import { entryParts } from './khata-format';

const signed = (amount: number) => (amount < 0 ? `−${formatRupees(-amount)}` : formatRupees(amount));

export function EntriesTable({ entries, caption, empty }: { entries: KhataEntry[]; caption: string; empty: string }) {
  const t = useT();
  if (entries.length === 0) return <p className="text-stone-700">{empty}</p>;
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="bg-green-50 text-xs tracking-wide text-green-900 uppercase">
        <tr>
          <th scope="col" className="px-2 py-2 font-semibold sm:px-4">
            {t(x.colWhat)}
          </th>
          <th scope="col" className="px-2 py-2 text-right font-semibold sm:px-4">
            {t(x.colAmount)}
          </th>
          <th scope="col" className="px-2 py-2 text-right font-semibold sm:px-4">
            {t(x.colRunning)}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-100">
        {entries.map((entry) => {
          const { what, detail } = entryParts(entry, t);
          return (
            <tr key={entry._id} className="align-top">
              <td className="px-2 py-2 sm:px-4">
                <span className="block font-semibold text-stone-900">{what}</span>
                <span className="block text-xs text-stone-600">
                  <time dateTime={entry.date}>{formatShopDate(entry.date)}</time>
                  {detail && <span className="font-mono break-all"> · {detail}</span>}
                </span>
                {entry.note && <span className="block text-xs text-stone-600">{entry.note}</span>}
              </td>
              <td
                className={`px-2 py-2 text-right font-semibold whitespace-nowrap sm:px-4 ${entry.amount < 0 ? 'text-green-800' : 'text-stone-900'}`}
              >
                {signed(entry.amount)}
              </td>
              <td className="px-2 py-2 text-right whitespace-nowrap text-stone-900 sm:px-4">
                {signed(entry.balanceAfter)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
