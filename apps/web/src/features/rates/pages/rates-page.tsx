/**
 * Today's rates (/rates, public, decision 0036): every product in stock with its rate per unit, by
 * category, in the chosen language (Hindi names where the catalogue has them). A first-visit page:
 * one small call, no pictures, nothing else loaded.
 */
import { SHOP_UTC_OFFSET } from '@mandi/shared/kernel';
import type { RateListLanguage } from '@mandi/shared/schemas';
import { Link } from 'react-router';
import { LoadFailed } from '../../../components/ui/load-failed';
import { paths } from '../../../config/paths';
import { formatRupees, formatShopDate, unitName, useLanguage, useT } from '../../../lib/i18n';
import { useShop } from '../../../lib/shop/shop';
import { deliverySentence, useDeliveryTerms } from '../../../lib/shop/storefront';
import { usePageTitle } from '../../../lib/use-page-title';
import { useRatesToday } from '../api/rates-today';
import { ratesTexts as x } from '../rates.texts';

export default function RatesPage() {
  const t = useT();
  const language: RateListLanguage = useLanguage() === 'hi' ? 'hi' : 'en';
  usePageTitle(x.todayTitle);
  const today = useRatesToday(language);
  const shop = useShop();
  const terms = useDeliveryTerms(shop?.demo === false);
  const rates = today.data?.rates ?? [];
  const groups: { category: string; rates: typeof rates }[] = [];
  for (const rate of rates) {
    const last = groups.at(-1);
    if (last && last.category === rate.category) last.rates.push(rate);
    else groups.push({ category: rate.category, rates: [rate] });
  }

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-8">
      <h1 className="text-3xl font-bold text-stone-900">{t(x.todayTitle)}</h1>
      {today.isPending ? (
        <p className="text-stone-700">{t(x.todayLoading)}</p>
      ) : today.isError ? (
        <LoadFailed message={t(x.todayLoadFailed)} retryLabel={t(x.tryAgain)} onRetry={() => void today.refetch()} />
      ) : (
        <>
          <p className="text-stone-700">
            {/* The demo's lead keeps the spec's free delivery; a real shop's says its own terms (decision 0056). */}
            {shop?.demo === false
              ? `${t(x.todayLeadShop, { date: formatShopDate(`${today.data.date}T12:00:00${SHOP_UTC_OFFSET}`) })}${terms ? ` ${deliverySentence(terms, t)}` : ''}`
              : t(x.todayLead, { date: formatShopDate(`${today.data.date}T12:00:00${SHOP_UTC_OFFSET}`) })}
          </p>
          {groups.length === 0 ? (
            <p className="card p-5 text-stone-700">{t(x.todayEmpty)}</p>
          ) : (
            groups.map((group, at) => (
              <section key={group.category} aria-labelledby={`rates-group-${at}`} className="card overflow-hidden">
                <h2 id={`rates-group-${at}`} className="bg-green-50 px-4 py-2 text-lg font-bold text-green-900">
                  {group.category}
                </h2>
                <ul className="divide-y divide-stone-100">
                  {group.rates.map((rate) => (
                    <li key={rate.productId} className="flex items-baseline justify-between gap-3 px-4 py-2.5">
                      <Link
                        to={paths.product(rate.productId)}
                        className="font-semibold text-stone-900 underline-offset-4 hover:underline"
                      >
                        {rate.name}
                      </Link>
                      <span className="shrink-0 text-right tabular-nums">
                        <span className="font-bold text-green-800">{formatRupees(rate.rate)}</span>{' '}
                        <span className="text-sm text-stone-700">{t(x.perUnit, { unit: unitName(rate.unit) })}</span>
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
            ))
          )}
          <Link to={paths.products()} className="btn-primary self-start">
            {t(x.shopNow)}
          </Link>
        </>
      )}
    </div>
  );
}
