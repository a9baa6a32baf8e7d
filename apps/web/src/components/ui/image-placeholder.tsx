/** Shown where a product (or an order line whose product was deleted) has no picture. */
import { LeafPlaceholderIcon } from './icons/shop-icons';

export function ImagePlaceholder() {
  return <LeafPlaceholderIcon />;
}
