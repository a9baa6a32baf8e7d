import { useEffect } from 'react';
import { type Text, useT } from './i18n';
import { useKnownShop } from './shop/shop';

/**
 * Sets document.title to the screen's title (docs/product.md#shopper-routes), in the chosen
 * language: a spec title (PAGE_TITLES) is translated by its English text. A real shop's tab also
 * says whose it is, "Home | Sharma Sabzi" (decision 0056); the demo's titles are the spec's.
 */
export function usePageTitle(title: Text, values?: Record<string, string | number>): void {
  const t = useT();
  const shop = useKnownShop();
  const screen = t(title, values);
  const shown = shop?.demo === false ? `${screen} | ${shop.name}` : screen;
  useEffect(() => {
    document.title = shown;
  }, [shown]);
}
