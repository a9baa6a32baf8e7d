/**
 * A standing order's pauses (a holiday, a week away): each with "Remove pause", and "Pause for a
 * while", which opens a form of the first and the last day paused, from the first day still open
 * for changes. The dates are checked here as the server checks them; the server decides in the end.
 */
import type { Subscription } from '@mandi/shared/schemas';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ErrorBlock } from '../../../components/ui/error-block';
import { useT } from '../../../lib/i18n';
import { formatSlotDate } from '../../delivery';
import { subscriptionsTexts as x } from '../subscriptions.texts';

export function PauseEditor({
  subscription,
  name,
  changesOpenFrom,
  isBusy,
  onPause,
  onRemove,
}: {
  subscription: Subscription;
  name: string;
  changesOpenFrom: string;
  isBusy: boolean;
  /** Resolves true once the pause is saved. */
  onPause: (from: string, to: string) => Promise<boolean>;
  onRemove: (pause: Subscription['pauses'][number]) => void;
}) {
  const t = useT();
  const [isOpen, setIsOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const isEnded = subscription.status === 'ended';
  const close = () => {
    setIsOpen(false);
    // The focus goes back to the button that opened the form once it is on screen again.
    setTimeout(() => opener.current?.focus(), 0);
  };

  return (
    <div className="flex flex-col gap-2">
      {subscription.pauses.length > 0 && (
        <>
          <h3 className="font-bold text-stone-900">{t(x.pauses)}</h3>
          <ul className="flex flex-col gap-2">
            {subscription.pauses.map((pause) => {
              const range = { from: formatSlotDate(pause.from), to: formatSlotDate(pause.to) };
              return (
                <li
                  key={pause._id}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2"
                >
                  <span className="text-sm font-semibold text-amber-950">{t(x.pausedFromTo, range)}</span>
                  {!isEnded && (
                    <button
                      type="button"
                      className="text-sm font-semibold text-red-800 underline underline-offset-2"
                      disabled={isBusy}
                      onClick={() => onRemove(pause)}
                      aria-label={t(x.removePauseFromTo, range)}
                    >
                      {t(x.removePause)}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
      {!isEnded &&
        (isOpen ? (
          <PauseForm
            name={name}
            changesOpenFrom={changesOpenFrom}
            isBusy={isBusy}
            onCancel={close}
            onSave={async (from, to) => {
              if (await onPause(from, to)) close();
            }}
          />
        ) : (
          <button
            ref={opener}
            type="button"
            className="btn-secondary self-start px-4 py-1.5 text-sm"
            onClick={() => setIsOpen(true)}
          >
            {t(x.pause)}
          </button>
        ))}
    </div>
  );
}

function PauseForm({
  name,
  changesOpenFrom,
  isBusy,
  onCancel,
  onSave,
}: {
  name: string;
  changesOpenFrom: string;
  isBusy: boolean;
  onCancel: () => void;
  onSave: (from: string, to: string) => Promise<void>;
}) {
  const t = useT();
  const id = useId();
  const [from, setFrom] = useState(changesOpenFrom);
  const [to, setTo] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found =
      !from || !to
        ? t(x.pauseDatesNeeded)
        : from < changesOpenFrom
          ? t(x.pauseTooEarly, { date: formatSlotDate(changesOpenFrom) })
          : to < from
            ? t(x.pauseOrder)
            : null;
    setProblem(found);
    if (!found) await onSave(from, to);
  };

  return (
    <form
      onSubmit={submit}
      aria-labelledby={`${id}-heading`}
      noValidate
      className="flex flex-col gap-3 rounded-xl border border-stone-200 p-3"
    >
      <h3 id={`${id}-heading`} className="font-bold text-stone-900">
        {t(x.pauseHeading, { name })}
      </h3>
      <div className="grid gap-3 min-[400px]:grid-cols-2">
        <div>
          <label htmlFor={`${id}-from`} className="field-label">
            {t(x.pauseFrom)}
          </label>
          <input
            ref={first}
            id={`${id}-from`}
            type="date"
            className="field-input"
            min={changesOpenFrom}
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            aria-invalid={problem !== null}
            aria-describedby={`${id}-problem`}
          />
        </div>
        <div>
          <label htmlFor={`${id}-to`} className="field-label">
            {t(x.pauseTo)}
          </label>
          <input
            id={`${id}-to`}
            type="date"
            className="field-input"
            min={from || changesOpenFrom}
            value={to}
            onChange={(event) => setTo(event.target.value)}
            aria-invalid={problem !== null}
            aria-describedby={`${id}-problem`}
          />
        </div>
      </div>
      <div id={`${id}-problem`}>
        <ErrorBlock messages={problem ? [problem] : null} />
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary px-4 py-1.5 text-sm" disabled={isBusy}>
          {t(x.savePause)}
        </button>
        <button type="button" className="btn-secondary px-4 py-1.5 text-sm" onClick={onCancel}>
          {t(x.cancel)}
        </button>
      </div>
    </form>
  );
}
