/** Whether the browser says it is online (issue 30, decision 0041). */
import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

const isOnline = (): boolean => navigator.onLine;

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
