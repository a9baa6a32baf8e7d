import { useEffect, useState } from 'react';
import { type Text, useT } from '../../lib/i18n';

/**
 * The loading overlay (docs/product.md#loading-texts): a caller-given text followed by '..!!'.
 * A plain veil rather than a backdrop blur: the spinner redraws the screen every frame, and a
 * full-screen blur redrawn with it takes a phone's CPU away from loading the page.
 */
export function LoaderOverlay({ text }: { text: Text }) {
  const t = useT();
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-white/90" role="status" aria-live="polite">
      <div className="flex flex-col items-center gap-4">
        <span
          className="h-12 w-12 animate-spin rounded-full border-4 border-green-200 border-t-green-700"
          aria-hidden="true"
        />
        <p className="text-lg font-semibold text-green-900">{t(text)}..!!</p>
      </div>
    </div>
  );
}

/**
 * The overlay once loading has taken `delayMs`: a page whose code is already in the browser (a
 * first visit preloads it) renders before then, so the screen does not flash an overlay.
 */
export function DelayedLoaderOverlay({ text, delayMs = 300 }: { text: Text; delayMs?: number }) {
  const [isShown, setIsShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setIsShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return isShown ? <LoaderOverlay text={text} /> : null;
}
