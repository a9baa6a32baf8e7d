/** A product's applied rate changes in a dialog (focus kept inside, Escape closes): old → new, when, by whom. */
import { useEffect, useRef } from 'react';
import { formatRupees, useT } from '../../../lib/i18n';
import { useRateHistory } from '../api/rates';
import { ratesTexts as x } from '../rates.texts';
import { formatMoment } from './format-moment';

export function RateHistoryDialog({
  productId,
  name,
  onClose,
}: {
  productId: string;
  name: string;
  onClose: () => void;
}) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const history = useRateHistory(productId);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
    return () => dialog?.close?.();
  }, []);
  const changes = history.data ?? [];
  return (
    <dialog
      ref={ref}
      aria-labelledby="rate-history-title"
      onCancel={onClose}
      className="m-auto w-[min(92vw,28rem)] rounded-2xl bg-white p-0 shadow-2xl backdrop:bg-stone-900/50"
    >
      <div className="flex flex-col gap-4 p-5">
        <h2 id="rate-history-title" className="text-lg font-bold text-stone-900">
          {t(x.historyTitle, { name })}
        </h2>
        {history.isPending ? (
          <p className="text-stone-700">{t(x.historyLoading)}</p>
        ) : history.isError ? (
          <p role="alert" className="text-stone-800">
            {t(x.loadFailed)}
          </p>
        ) : changes.length === 0 ? (
          <p className="text-stone-700">{t(x.historyEmpty)}</p>
        ) : (
          <ol className="flex max-h-80 flex-col gap-2 overflow-y-auto">
            {changes.map((change) => (
              <li key={change._id} className="rounded-lg border border-stone-200 px-3 py-2">
                <p className="font-semibold text-stone-900">
                  {t(x.historyLine, { old: formatRupees(change.oldRate), new: formatRupees(change.newRate) })}
                  {change.scheduled && (
                    <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
                      {t(x.historyScheduled)}
                    </span>
                  )}
                </p>
                <p className="text-sm text-stone-700">
                  {change.changedBy
                    ? t(x.historyWhen, { moment: formatMoment(change.changedAt), who: change.changedBy })
                    : t(x.historyWhenNobody, { moment: formatMoment(change.changedAt) })}
                </p>
              </li>
            ))}
          </ol>
        )}
        <button type="button" className="btn-secondary self-end" onClick={onClose}>
          {t(x.close)}
        </button>
      </div>
    </dialog>
  );
}
