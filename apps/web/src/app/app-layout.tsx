/**
 * Header, page and footer around every route. The page area is at least a screen tall, so the
 * footer starts below the fold: while a page's code or data loads, the footer is not on screen
 * to be pushed down when the content arrives (a layout shift).
 */
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { DelayedLoaderOverlay } from '../components/ui/loader-overlay';
import { RenderLater } from '../components/ui/render-later';
import { QueuedOrderSlot } from '../features/checkout';
import { AccountDeletedSlot } from '../features/personal-data';
import { loadingTexts } from '../lib/i18n';
import { useLanguageOnServer } from '../lib/i18n/use-language-on-server';
import { useOnline } from '../lib/offline/connectivity';
import { Footer } from './footer';
import { Header } from './header';

/** Loaded when the browser goes offline (kept by the service worker for then). */
const OfflineBanner = lazy(() => import('./offline-banner'));

export function AppLayout() {
  useLanguageOnServer();
  const isOnline = useOnline();
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      {!isOnline && (
        <Suspense fallback={null}>
          <OfflineBanner />
        </Suspense>
      )}
      <main id="main" className="min-h-screen flex-1">
        <AccountDeletedSlot />
        <QueuedOrderSlot />
        {/* The header and footer render while the page's code loads, in a task of their own. */}
        <Suspense fallback={<DelayedLoaderOverlay text={loadingTexts.loading} />}>
          <Outlet />
        </Suspense>
      </main>
      {/* Below the fold on every page: rendered after the header and the page have painted. */}
      <RenderLater>
        <Footer />
      </RenderLater>
    </div>
  );
}
