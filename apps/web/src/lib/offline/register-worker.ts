/**
 * Registers the service worker (`/sw.js`, decision 0041), loaded once the page has (main.tsx), and
 * passes on its word that a kept catalogue answer was renewed.
 */
export function registerServiceWorker(onCatalogueChanged: () => void): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string } | null>) => {
    if (event.data?.type === 'mandi-catalogue-changed') onCatalogueChanged();
  });
  // A browser that refuses (private mode, a policy) keeps working online, as before.
  navigator.serviceWorker.register('/sw.js').catch(() => undefined);
}
