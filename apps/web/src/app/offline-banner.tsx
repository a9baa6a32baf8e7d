/**
 * "You are offline. Prices as of 07:10." (issue 30, decision 0041): shown while the browser is
 * offline, with the shop time the oldest catalogue answer this page read was sent (its day too
 * when that was not today). The answers are the service worker's kept copies, which keep the
 * server's Date; the page's resource timings say which ones it read. All of it loads only offline.
 */
import { useEffect, useState } from 'react';
import { formatAsOf, useT } from '../lib/i18n';
import { offlineTexts as x } from './offline.texts';

/** The reads whose prices and stock the shopper sees (the ones the service worker keeps). */
const CATALOGUE_READ =
  /^\/api\/(?:product\/(?:getAllProducts|getSingleProduct\/|recent\/products)|category\/get|rates\/today)/;

/** When the server sent the oldest kept catalogue answer this page read (null: none kept). */
export async function catalogueAsOf(): Promise<number | null> {
  if (typeof caches === 'undefined') return null;
  const urls = new Set(
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => CATALOGUE_READ.test(new URL(name).pathname)),
  );
  const times = await Promise.all(
    [...urls].map(async (url) => Date.parse((await caches.match(url))?.headers.get('Date') ?? '')),
  );
  const known = times.filter((time) => !Number.isNaN(time));
  return known.length ? Math.min(...known) : null;
}

/** Shown by the app's layout while the browser is offline. */
export default function OfflineBanner() {
  const t = useT();
  const [asOf, setAsOf] = useState<number | null>(null);
  useEffect(() => {
    const update = () => void catalogueAsOf().then(setAsOf);
    update();
    // The page's reads may come after the banner (a reload offline): each new one counts.
    const observer = new PerformanceObserver(update);
    observer.observe({ type: 'resource' });
    return () => observer.disconnect();
  }, []);
  return (
    <p
      role="status"
      className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-center text-sm font-semibold text-amber-900"
    >
      {asOf === null ? t(x.offline) : t(x.pricesAsOf, { time: formatAsOf(asOf) })}
    </p>
  );
}
