/**
 * My standing orders (/subscriptions, issue 46): the shop's cut-off in a sentence, the shop's
 * closed days ahead, each running standing order with its two weeks and its changes, then the
 * ended ones. "Start a standing order" opens the form; coming back from it says what was started.
 */
import { shopDateOf } from '@mandi/shared/kernel';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { LoadFailed } from '../../../components/ui/load-failed';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { formatSlotDate } from '../../delivery';
import { useMySubscriptions } from '../api/my-subscriptions';
import { StandingOrderCard } from '../components/standing-order-card';
import { cutoffInWords } from '../standing-words';
import { subscriptionsTexts as x } from '../subscriptions.texts';

/** What the form leaves in the router's state when it has started one: the product's name. */
export interface StartedState {
  started: string;
}

export default function MySubscriptionsPage() {
  const t = useT();
  usePageTitle(x.title);
  const query = useMySubscriptions();
  const location = useLocation();
  const started = (location.state as StartedState | null)?.started;
  const [ended, setEnded] = useState<string | null>(null);
  const today = shopDateOf(new Date());
  const data = query.data;
  const running = data?.subscriptions.filter((one) => one.status === 'active') ?? [];
  const over = data?.subscriptions.filter((one) => one.status === 'ended') ?? [];
  const closedNotes = new Map((data?.closedDates ?? []).map((closed) => [closed.date, closed.note]));

  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:py-10" aria-labelledby="standing-heading">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 id="standing-heading" className="page-heading">
            {t(x.title)}
          </h1>
          <p className="mt-2 text-stone-700">{t(x.lead)}</p>
        </div>
        <Link to={paths.newSubscription()} className="btn-primary shrink-0 self-start sm:self-auto">
          {t(x.start)}
        </Link>
      </div>

      <div role="status" className="empty:hidden">
        {(ended ?? started) && (
          <p className="rounded-xl border border-green-200 bg-green-50 px-4 py-3 font-semibold text-green-900">
            {ended ?? t(x.startedNamed, { name: started ?? '' })}
          </p>
        )}
      </div>

      {query.isPending ? (
        <p className="text-stone-700">{t(x.loading)}</p>
      ) : query.isError || !data ? (
        <LoadFailed message={t(x.loadFailed)} retryLabel={t(x.tryAgain)} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <div className="flex flex-col gap-2">
            <p className="rounded-xl bg-amber-50 px-4 py-3 font-semibold text-amber-950 ring-1 ring-amber-200">
              {cutoffInWords(data.cutoff, data.changesOpenFrom, today, t)}
            </p>
            {data.closedDates.map((closed) => (
              <p key={closed.date} className="rounded-xl bg-red-50 px-4 py-3 text-red-900 ring-1 ring-red-200">
                {closed.note
                  ? t(x.shopClosedOnNote, { date: formatSlotDate(closed.date), note: closed.note })
                  : t(x.shopClosedOn, { date: formatSlotDate(closed.date) })}
              </p>
            ))}
          </div>
          {running.length === 0 ? (
            <p className="card p-5 text-stone-800">{t(x.none)}</p>
          ) : (
            <ul className="flex flex-col gap-5">
              {running.map((subscription) => (
                <li key={subscription._id}>
                  <StandingOrderCard
                    subscription={subscription}
                    today={today}
                    changesOpenFrom={data.changesOpenFrom}
                    closedNotes={closedNotes}
                    onEnded={setEnded}
                  />
                </li>
              ))}
            </ul>
          )}
          {over.length > 0 && (
            <section aria-labelledby="standing-ended" className="flex flex-col gap-3">
              <h2 id="standing-ended" className="text-xl font-bold text-stone-900">
                {t(x.endedHeading)}
              </h2>
              <ul className="flex flex-col gap-3">
                {over.map((subscription) => (
                  <li key={subscription._id}>
                    <StandingOrderCard
                      subscription={subscription}
                      today={today}
                      changesOpenFrom={data.changesOpenFrom}
                      closedNotes={closedNotes}
                      onEnded={setEnded}
                    />
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </section>
  );
}
