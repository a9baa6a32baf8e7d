/**
 * The bills on their way: how many wait to be sent, why sending stopped (no network, the server,
 * a lost session), and each bill the server refused with its message, to send again (once the
 * cause is put right) or, for a number another browser took, to give the next number.
 */
import { paiseToRupees } from '@mandi/shared/kernel';
import { useId, useState } from 'react';
import { serverText } from '../../../lib/api-client';
import { formatRupees, useT } from '../../../lib/i18n';
import { counterTexts as x } from '../counter.texts';
import type { FlushResult, QueuedSale } from '../sale-queue';

export function QueueStatus({
  queue,
  stopped,
  isOnline,
  onSend,
  onRetry,
  onRenumber,
}: {
  queue: readonly QueuedSale[];
  stopped: FlushResult['stopped'];
  isOnline: boolean;
  onSend: () => void;
  onRetry: (sale: QueuedSale) => void;
  onRenumber: (sale: QueuedSale) => Promise<string | null>;
}) {
  const t = useT();
  const headingId = useId();
  const [renumbered, setRenumbered] = useState<string | null>(null);
  const waiting = queue.filter((sale) => sale.status === 'waiting');
  const refused = queue.filter((sale) => sale.status === 'refused');
  if (queue.length === 0 && !renumbered) return null;
  return (
    <section aria-labelledby={headingId} className="card flex flex-col gap-3 border-s-4 border-amber-600 p-3 sm:p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div role="status">
          <h2 id={headingId} className="font-bold text-stone-900">
            {waiting.length === 1 ? t(x.waitingOne) : t(x.waitingMany, { count: waiting.length })}
          </h2>
        </div>
        {waiting.length > 0 && (
          <button type="button" onClick={onSend} disabled={!isOnline} className="btn-secondary min-h-12 px-4">
            {t(x.sendNow)}
          </button>
        )}
      </div>
      {waiting.length > 0 && stopped === 'login' && <p className="text-amber-900">{t(x.stoppedLogin)}</p>}
      {waiting.length > 0 && stopped === 'server' && <p className="text-amber-900">{t(x.stoppedServer)}</p>}
      {renumbered && (
        <p role="status" className="font-semibold text-stone-900">
          {t(x.renumbered, { number: renumbered })}
        </p>
      )}
      {refused.length > 0 && (
        <div role="alert" className="flex flex-col gap-2">
          <h3 className="font-semibold text-red-800">{t(x.refused)}</h3>
          <ul className="flex flex-col gap-2">
            {refused.map((sale) => (
              <li key={sale.clientSaleId} className="rounded-xl bg-red-50 p-3">
                <p className="font-semibold text-stone-900">
                  {t(x.refusedBill, { number: sale.billNumber, total: formatRupees(paiseToRupees(sale.totalPaise)) })}
                </p>
                {sale.refusal?.messages.map((message) => (
                  <p key={message.message} className="error-text">
                    {t(serverText(message))}
                  </p>
                ))}
                <p className="text-sm text-stone-800">{t(x.heldBack)}</p>
                <div className="mt-2 flex flex-wrap gap-2">
                  <button type="button" onClick={() => onRetry(sale)} className="btn-secondary min-h-12 px-4">
                    {t(x.sendAgain)}
                  </button>
                  {sale.refusal?.expected != null && (
                    <button
                      type="button"
                      onClick={async () => setRenumbered(await onRenumber(sale))}
                      className="btn-secondary min-h-12 px-4"
                    >
                      {t(x.renumber)}
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
