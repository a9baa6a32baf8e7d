/**
 * One standing order: the product, quantity and unit, the schedule in words, the next delivery,
 * where and when it comes and how it is paid; then its two weeks (skip a day, bring one back), its
 * pauses, "Change quantity" and "End this standing order". What the server answers shows on the
 * card: a line of what was done, or its refusal in the chosen language (a 409 names the cut-off).
 */
import type { Subscription } from '@mandi/shared/schemas';
import { useId, useState } from 'react';
import { DeleteConfirmation } from '../../../components/ui/delete-confirmation';
import { ErrorBlock } from '../../../components/ui/error-block';
import { ImagePlaceholder } from '../../../components/ui/image-placeholder';
import { errorMessages, serverText } from '../../../lib/api-client';
import { formatInUnit, translate, useLanguage, useT } from '../../../lib/i18n';
import { sizedImage } from '../../../lib/sized-image';
import { formatSlotDate, formatSlotHours } from '../../delivery';
import {
  useEndSubscription,
  usePause,
  useRemovePause,
  useSkipDate,
  useUndoSkip,
  useUpdateSubscription,
} from '../api/my-subscriptions';
import { scheduleInWords } from '../standing-words';
import { subscriptionsTexts as x } from '../subscriptions.texts';
import { PauseEditor } from './pause-editor';
import { QuantityEditor } from './quantity-editor';
import { TwoWeekCalendar } from './two-week-calendar';

/** The next day something comes: the first coming or made day after today in the two weeks, else `nextDate`. */
export function nextDeliveryOf(subscription: Subscription, today: string): string | null {
  const coming = subscription.upcoming.find(
    (entry) => entry.date > today && (entry.state === 'due' || entry.state === 'made'),
  );
  return coming?.date ?? subscription.nextDate;
}

export function StandingOrderCard({
  subscription,
  today,
  changesOpenFrom,
  closedNotes,
  onEnded,
}: {
  subscription: Subscription;
  today: string;
  changesOpenFrom: string;
  closedNotes: ReadonlyMap<string, string>;
  /** The server's word that it ended, for the page to show (the card moves to the ended ones). */
  onEnded: (message: string) => void;
}) {
  const t = useT();
  const language = useLanguage();
  const id = useId();
  const { product } = subscription;
  const name = product.name;
  const [editing, setEditing] = useState<'quantity' | 'end' | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[] | null>(null);
  const skip = useSkipDate();
  const undoSkip = useUndoSkip();
  const pause = usePause();
  const removePause = useRemovePause();
  const update = useUpdateSubscription();
  const end = useEndSubscription();
  const isBusy =
    skip.isPending ||
    undoSkip.isPending ||
    pause.isPending ||
    removePause.isPending ||
    update.isPending ||
    end.isPending;
  const isActive = subscription.status === 'active';
  const next = isActive ? nextDeliveryOf(subscription, today) : null;
  const subscriptionId = subscription._id;

  /** Runs a change; shows `done()` when it is made, the server's refusal when not; true when made. */
  async function change(action: () => Promise<unknown>, done: () => string): Promise<boolean> {
    setStatus(null);
    setErrors(null);
    try {
      await action();
      setStatus(done());
      return true;
    } catch (error) {
      setErrors(errorMessages(error));
      return false;
    }
  }

  const unitQuantity = (quantity: number) => formatInUnit(quantity, subscription.unit);

  return (
    <article aria-labelledby={`${id}-name`} className="card flex flex-col gap-4 p-4 sm:p-5">
      <div className="flex items-start gap-3">
        <span className="flex h-16 w-16 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-green-50 to-amber-50 p-1">
          {product.picture ? (
            <img
              {...sizedImage(product.picture, '60px')}
              alt=""
              width={60}
              height={60}
              loading="lazy"
              className="h-full w-full object-contain"
            />
          ) : (
            <ImagePlaceholder />
          )}
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={`${id}-name`} className="text-lg font-bold break-words text-stone-900">
            {name}
            {language === 'hi' && product.nameHi ? (
              <span lang="hi" className="block text-base font-medium text-stone-700">
                {product.nameHi}
              </span>
            ) : null}
          </h2>
          <p className="font-semibold text-green-900">
            {t(x.quantityEach, { quantity: unitQuantity(subscription.quantity) })}
          </p>
        </div>
        <span
          className={`shrink-0 rounded-full px-3 py-1 text-xs font-semibold ${
            isActive ? 'bg-green-100 text-green-900' : 'bg-stone-200 text-stone-800'
          }`}
        >
          {t(isActive ? x.active : x.ended)}
        </span>
      </div>

      {isActive && !product.isActive && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900">{t(x.notSoldAnyMore)}</p>
      )}

      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-semibold text-stone-600">{t(x.schedule)}</dt>
          <dd className="text-stone-900">{scheduleInWords(subscription.schedule, today, t)}</dd>
        </div>
        {isActive && (
          <div>
            <dt className="font-semibold text-stone-600">{t(x.nextDelivery)}</dt>
            <dd className="font-semibold text-stone-900">{next ? formatSlotDate(next) : t(x.noNextDelivery)}</dd>
          </div>
        )}
        <div>
          <dt className="font-semibold text-stone-600">{t(x.deliverTo)}</dt>
          <dd className="break-words text-stone-900">
            <span className="font-semibold">{subscription.address.label}</span>: {subscription.address.address},{' '}
            {subscription.address.city} {subscription.address.pinCode}
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-stone-600">{t(x.slot)}</dt>
          <dd className="text-stone-900">{subscription.slot ? formatSlotHours(subscription.slot) : t(x.anyTime)}</dd>
        </div>
        <div>
          <dt className="font-semibold text-stone-600">{t(x.payment)}</dt>
          <dd className="text-stone-900">{t(subscription.paymentMethod === 'Khata' ? x.payKhata : x.payCod)}</dd>
        </div>
      </dl>

      {isActive && (
        <>
          <TwoWeekCalendar
            subscription={subscription}
            name={name}
            today={today}
            changesOpenFrom={changesOpenFrom}
            closedNotes={closedNotes}
            isBusy={isBusy}
            onSkip={(date) =>
              void change(
                () => skip.mutateAsync({ id: subscriptionId, date }),
                () => t(x.skipped, { date: formatSlotDate(date) }),
              )
            }
            onUndoSkip={(date) =>
              void change(
                () => undoSkip.mutateAsync({ id: subscriptionId, date }),
                () => t(x.unskipped, { date: formatSlotDate(date) }),
              )
            }
          />
          <PauseEditor
            subscription={subscription}
            name={name}
            changesOpenFrom={changesOpenFrom}
            isBusy={isBusy}
            onPause={(from, to) =>
              change(
                () => pause.mutateAsync({ id: subscriptionId, from, to }),
                () => t(x.paused, { from: formatSlotDate(from), to: formatSlotDate(to) }),
              )
            }
            onRemove={(pauseToRemove) =>
              void change(
                () => removePause.mutateAsync({ id: subscriptionId, pauseId: pauseToRemove._id }),
                () => t(x.pauseRemoved),
              )
            }
          />
        </>
      )}

      <div role="status" className="empty:hidden">
        {status && <p className="rounded-lg bg-green-50 px-3 py-2 text-sm font-semibold text-green-900">{status}</p>}
      </div>
      <ErrorBlock messages={errors} />

      {isActive && editing === 'quantity' && (
        <QuantityEditor
          productId={product._id}
          name={name}
          unit={subscription.unit}
          quantity={subscription.quantity}
          isBusy={isBusy}
          onCancel={() => setEditing(null)}
          onSave={async (quantity) => {
            const isDone = await change(
              () => update.mutateAsync({ id: subscriptionId, quantity }),
              () => t(x.quantityChanged, { quantity: unitQuantity(quantity) }),
            );
            if (isDone) setEditing(null);
          }}
        />
      )}
      {isActive && editing === 'end' && (
        <DeleteConfirmation
          question={
            next ? t(x.endQuestion, { name, date: formatSlotDate(changesOpenFrom) }) : t(x.endQuestionNoDate, { name })
          }
          deleteLabel={t(x.yesEnd)}
          keepLabel={t(x.keep)}
          isPending={end.isPending}
          onKeep={() => setEditing(null)}
          onDelete={async () => {
            setErrors(null);
            try {
              const answer = await end.mutateAsync(subscriptionId);
              setEditing(null);
              onEnded(translate(serverText(answer)));
            } catch (error) {
              setErrors(errorMessages(error));
              setEditing(null);
            }
          }}
        />
      )}
      {isActive && editing === null && (
        <div className="flex flex-wrap gap-2 border-t border-stone-100 pt-3">
          <button
            type="button"
            className="btn-secondary px-4 py-1.5 text-sm"
            onClick={() => setEditing('quantity')}
            aria-label={`${t(x.changeQuantity)}: ${name}`}
          >
            {t(x.changeQuantity)}
          </button>
          <button
            type="button"
            className="rounded-full px-4 py-1.5 text-sm font-semibold text-red-800 underline underline-offset-2 hover:bg-red-50"
            onClick={() => setEditing('end')}
            aria-label={`${t(x.end)}: ${name}`}
          >
            {t(x.end)}
          </button>
        </div>
      )}
    </article>
  );
}
