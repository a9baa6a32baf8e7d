/**
 * "Order again" on a past order (decision 0042): the server answers the order's products at the
 * quantities ordered with today's rates and availability; the available ones fill the cart and the
 * others are named in the notice. The cart then shows today's prices.
 */
import { useState } from 'react';
import { errorMessages } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { fetchOrderAgain } from '../api/buy-again';
import { buyAgainTexts as x } from '../buy-again.texts';
import { fillCart } from '../fill-cart';
import { FillNotice, type FillNoticeState } from './fill-notice';

export function OrderAgainButton({ orderId, className = 'btn-secondary' }: { orderId: string; className?: string }) {
  const t = useT();
  const [isPending, setIsPending] = useState(false);
  const [result, setResult] = useState<FillNoticeState | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function orderAgain() {
    setIsPending(true);
    setProblem(null);
    try {
      const answer = await fetchOrderAgain(orderId);
      setResult({ ...fillCart(answer.items), missing: answer.missing });
    } catch (error) {
      setResult(null);
      setProblem(errorMessages(error).join(' '));
    } finally {
      setIsPending(false);
    }
  }

  return (
    <div className="flex flex-col items-start gap-2">
      <button type="button" className={className} disabled={isPending} onClick={() => void orderAgain()}>
        {isPending ? t(x.orderingAgain) : t(x.orderAgain)}
      </button>
      <FillNotice result={result} />
      {problem && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-semibold text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
