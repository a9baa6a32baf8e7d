/**
 * Pieces the Purchases screens share (decision 0035): the sub-links between them, the date range
 * form (kept in the address, so a range can be bookmarked), and parsing what a person types.
 */
import { addDays, shopDateOf } from '@mandi/shared/kernel';
import type { Purchase } from '@mandi/shared/schemas';
import { useId } from 'react';
import { NavLink, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { formatInUnit, formatRupees, type Translate, unitName, useT } from '../../../lib/i18n';
import { purchasesTexts as x } from '../purchases.texts';

/** Digits with at most `decimals` decimals (a comma may group thousands) as a number; else null. */
export function parseDecimal(text: string, decimals: 2 | 3): number | null {
  const trimmed = text.trim().replaceAll(',', '');
  if (
    !new RegExp(`^\\d+(\\.\\d{1,${decimals}})?$`).test(trimmed) &&
    !new RegExp(`^\\.\\d{1,${decimals}}$`).test(trimmed)
  )
    return null;
  return Number(trimmed);
}

/** Today in the shop, whatever the phone's time zone. */
export const shopToday = () => shopDateOf(new Date());

/** A purchase line in words: "Tomato: 20 kg at ₹20/kg, landed ₹21.50/kg". */
export function purchaseLineText(t: Translate, line: Purchase['lines'][number]): string {
  const perUnit = (amount: number) => t(x.perUnit, { amount: formatRupees(amount), unit: unitName(line.unit) });
  return t(x.lineSummary, {
    name: line.name,
    net: formatInUnit(line.netQuantity, line.unit),
    rate: perUnit(line.rate),
    landedRate: perUnit(line.landedRate),
  });
}

const subLinkClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold ${
    isActive ? 'border-green-700 bg-green-700 text-white' : 'border-green-700 text-green-800 hover:bg-green-50'
  }`;

/** The links between the Purchases screens. */
export function PurchasesNav() {
  const t = useT();
  return (
    <nav aria-label={t(x.sections)} className="mb-5">
      <ul className="flex flex-wrap gap-2">
        <li>
          <NavLink to={paths.admin.purchases()} end className={subLinkClass}>
            {t(x.purchases)}
          </NavLink>
        </li>
        <li>
          <NavLink to={paths.admin.newPurchase()} className={subLinkClass}>
            {t(x.newPurchase)}
          </NavLink>
        </li>
        <li>
          <NavLink to={paths.admin.suppliers()} className={subLinkClass}>
            {t(x.suppliers)}
          </NavLink>
        </li>
        <li>
          <NavLink to={paths.admin.wastage()} className={subLinkClass}>
            {t(x.wastage)}
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}

/** The range in the address (`?from=&to=`), the 30 days up to today when absent. */
export function useDateRange(): { from: string; to: string; setRange: (from: string, to: string) => void } {
  const [params, setParams] = useSearchParams();
  const to = params.get('to') || shopToday();
  const from = params.get('from') || addDays(to, -29);
  return { from, to, setRange: (nextFrom, nextTo) => setParams({ from: nextFrom, to: nextTo }) };
}

export function DateRangeForm({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (from: string, to: string) => void;
}) {
  const t = useT();
  const id = useId();
  return (
    <form
      className="card mb-4 flex flex-wrap items-end gap-3 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        onChange(String(form.get('from') ?? from), String(form.get('to') ?? to));
      }}
    >
      <div>
        <label htmlFor={`${id}-from`} className="field-label">
          {t(x.from)}
        </label>
        <input
          id={`${id}-from`}
          name="from"
          type="date"
          className="field-input"
          defaultValue={from}
          key={`f${from}`}
          required
        />
      </div>
      <div>
        <label htmlFor={`${id}-to`} className="field-label">
          {t(x.to)}
        </label>
        <input
          id={`${id}-to`}
          name="to"
          type="date"
          className="field-input"
          defaultValue={to}
          key={`t${to}`}
          required
        />
      </div>
      <button type="submit" className="btn-secondary min-h-11">
        {t(x.show)}
      </button>
    </form>
  );
}
