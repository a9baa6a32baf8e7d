import { useEffect } from 'react';

/** Sets document.title to the spec's page title. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
