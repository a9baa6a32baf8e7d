import { useEffect } from 'react';
import { type Text, useT } from './i18n';

/**
 * Sets document.title to the screen's title (docs/product.md#shopper-routes), in the chosen
 * language: a spec title (PAGE_TITLES) is translated by its English text.
 */
export function usePageTitle(title: Text, values?: Record<string, string | number>): void {
  const t = useT();
  const shown = t(title, values);
  useEffect(() => {
    document.title = shown;
  }, [shown]);
}
