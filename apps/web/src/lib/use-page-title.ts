import { useEffect } from 'react';

/** Sets document.title to the screen's title (docs/product.md#shopper-routes). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
