/**
 * Where the queued order's notice goes (decision 0041). The notice's code (the queue, the sending)
 * loads only once an order is queued, and stays to show how the sending ended; until then this
 * reads one local storage key, so the first page's code stays small.
 *
 * That code is what sends the order when the network returns, so the confirm screen loads it while
 * it still has a network (issue 42): a confirm made offline before the service worker keeps the
 * app's code must not depend on code it can no longer download. Should it be missing anyway, it is
 * asked for again when the network returns, and the order waits in storage meanwhile.
 */
import { type ComponentType, useEffect, useState } from 'react';

/** The same texts as queued-order-store.ts (importing it would load it with the first page). */
const QUEUE_KEY = 'mandi-queued-order';

type NoticeModule = { default: ComponentType };
let loading: Promise<NoticeModule> | null = null;

/** The notice's code, loaded once; a load that failed is tried afresh by the next call. */
export function loadQueuedOrderNotice(): Promise<NoticeModule> {
  loading ??= import('./queued-order-notice').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

function hasQueuedOrder(): boolean {
  try {
    return localStorage.getItem(QUEUE_KEY) !== null;
  } catch {
    return false;
  }
}

export function QueuedOrderSlot() {
  const [isShown, setIsShown] = useState(hasQueuedOrder);
  const [Notice, setNotice] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (isShown) return;
    const check = () => setIsShown(hasQueuedOrder());
    window.addEventListener(QUEUE_KEY, check);
    return () => window.removeEventListener(QUEUE_KEY, check);
  }, [isShown]);
  useEffect(() => {
    if (!isShown || Notice) return;
    let isCurrent = true;
    const load = () =>
      void loadQueuedOrderNotice().then(
        (module) => isCurrent && setNotice(() => module.default),
        () => undefined,
      );
    load();
    window.addEventListener('online', load);
    return () => {
      isCurrent = false;
      window.removeEventListener('online', load);
    };
  }, [isShown, Notice]);
  return Notice ? <Notice /> : null;
}
