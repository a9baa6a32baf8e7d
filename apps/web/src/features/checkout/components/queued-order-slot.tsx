/**
 * Where the queued order's notice goes (decision 0041). The notice's code (the queue, the sending)
 * loads only once an order is queued, and stays to show how the sending ended; until then this
 * reads one local storage key, so the first page's code stays small.
 */
import { lazy, Suspense, useEffect, useState } from 'react';

const QueuedOrderNotice = lazy(() => import('./queued-order-notice'));
/** The same texts as queued-order-store.ts (importing it would load it with the first page). */
const QUEUE_KEY = 'mandi-queued-order';

function hasQueuedOrder(): boolean {
  try {
    return localStorage.getItem(QUEUE_KEY) !== null;
  } catch {
    return false;
  }
}

export function QueuedOrderSlot() {
  const [isShown, setIsShown] = useState(hasQueuedOrder);
  useEffect(() => {
    if (isShown) return;
    const check = () => setIsShown(hasQueuedOrder());
    window.addEventListener(QUEUE_KEY, check);
    return () => window.removeEventListener(QUEUE_KEY, check);
  }, [isShown]);
  if (!isShown) return null;
  return (
    <Suspense fallback={null}>
      <QueuedOrderNotice />
    </Suspense>
  );
}
