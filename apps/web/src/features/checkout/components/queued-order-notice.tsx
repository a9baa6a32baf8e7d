/**
 * The queued checkout's notice at the top of every page (decision 0041): waiting for the network,
 * sending, placed (with the order's number, and both totals if the shop's pricing differs), not
 * sent because prices changed (a link to confirm again), or refused with the server's reasons.
 */
import { orderNumberLabel } from '@mandi/shared/kernel';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/auth/session';
import { formatRupees, useT } from '../../../lib/i18n';
import { useOnline } from '../../../lib/offline/connectivity';
import { checkoutTexts as x } from '../checkout.texts';
import { type QueuedOutcome, sendQueuedOrder } from '../queued-order';
import { commitQueue, useQueuedOrder } from '../queued-order-store';

/**
 * A failed try while the page says online is tried again after 2 s, then 4, 8, 16 and every 30 s:
 * the first try after the signal returns often fails (the service worker still sees no network),
 * and a shopper should not wait half a minute for the next one.
 */
const retryDelayMs = (attempt: number) => Math.min(30_000, 2_000 * 2 ** attempt);
const BOX =
  'mx-auto mt-4 flex max-w-5xl flex-wrap items-center gap-3 rounded-xl border px-4 py-3 text-sm sm:mx-6 lg:mx-auto';

export default function QueuedOrderNotice() {
  const t = useT();
  const queued = useQueuedOrder();
  const isOnline = useOnline();
  const queryClient = useQueryClient();
  const { user, isLoading } = useSession();
  const [outcome, setOutcome] = useState<QueuedOutcome | null>(null);
  const [isSending, setIsSending] = useState(false);

  // A failed try (a signal too weak to answer) is tried again while the page says online.
  const [attempt, setAttempt] = useState(0);

  // On opening the app online, whenever the browser comes back online, and again after a failed
  // try (a new `attempt`, which also sets how long the next wait is).
  useEffect(() => {
    if (!queued || !isOnline || isLoading) return;
    // Only the shopper who confirmed it sends it: logged out, it waits for them to log in; someone
    // else logged in on this browser, it is dropped (it must never become their order).
    if (user?._id !== queued.userId) {
      if (user) commitQueue(null);
      return;
    }
    let retry: ReturnType<typeof setTimeout> | undefined;
    let isCurrent = true;
    setIsSending(true);
    void sendQueuedOrder(queued).then((result) => {
      setIsSending(false);
      if (result.kind === 'offline') {
        if (isCurrent) retry = setTimeout(() => setAttempt((count) => count + 1), retryDelayMs(attempt));
        return;
      }
      // Shown even if the queue changed meanwhile: this is how the sending ended.
      setOutcome(result);
      if (result.kind === 'placed') {
        for (const queryKey of [['orders'], ['products'], ['delivery'], ['khata']])
          void queryClient.invalidateQueries({ queryKey });
      }
    });
    return () => {
      isCurrent = false;
      clearTimeout(retry);
    };
  }, [queued, isOnline, isLoading, user, queryClient, attempt]);

  const close = (
    <button type="button" className="btn-secondary ml-auto py-1.5" onClick={() => setOutcome(null)}>
      {t(x.close)}
    </button>
  );

  if (outcome?.kind === 'placed') {
    return (
      <div role="status" className={`${BOX} border-green-300 bg-green-50 text-green-900`}>
        <p className="font-semibold">
          {outcome.orderNumber === null
            ? t(x.queuedPlacedNoNumber)
            : t(x.queuedPlaced, { number: orderNumberLabel(outcome.orderNumber) })}
          {outcome.subtotal !== outcome.shownSubtotal &&
            ` ${t(x.queuedPricedAt, { total: formatRupees(outcome.subtotal), shown: formatRupees(outcome.shownSubtotal) })}`}
        </p>
        <Link to={paths.myOrders()} className="font-semibold underline">
          {t(x.myOrders)}
        </Link>
        {close}
      </div>
    );
  }
  if (outcome?.kind === 'changed') {
    return (
      <div role="alert" className={`${BOX} border-amber-300 bg-amber-50 text-amber-900`}>
        <p className="font-semibold">
          {t(x.queuedPricesChanged, {
            total: formatRupees(outcome.subtotal),
            shown: formatRupees(outcome.shownSubtotal),
          })}
        </p>
        <Link to={paths.confirmOrder()} className="btn-primary py-1.5" onClick={() => setOutcome(null)}>
          {t(x.checkMyOrder)}
        </Link>
      </div>
    );
  }
  if (outcome?.kind === 'refused') {
    return (
      <div role="alert" className={`${BOX} border-red-300 bg-red-50 text-red-900`}>
        <p className="font-semibold">
          {t(x.queuedRefused)} {outcome.messages.join(' ')}
        </p>
        <Link to={paths.checkout()} className="font-semibold underline" onClick={() => setOutcome(null)}>
          {t(x.backToCart)}
        </Link>
        {close}
      </div>
    );
  }
  if (!queued) return null;
  return (
    <p role="status" className={`${BOX} border-amber-300 bg-amber-50 font-semibold text-amber-900`}>
      {isSending && isOnline ? t(x.sendingQueued) : t(x.queued)}
    </p>
  );
}
