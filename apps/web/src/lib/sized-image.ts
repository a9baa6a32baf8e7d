/**
 * `src`, `srcSet` and `sizes` for a stored picture, so the browser downloads the copy that fits
 * the size it is shown at (the image route makes the widths in IMAGE_WIDTHS). Other addresses
 * (the placeholder drawn for an item without a picture, static files, pictures being picked in a
 * form) are passed through as they are; no address at all (an order line kept from an item that
 * had no picture) shows the shop's plain placeholder rather than a broken image (decision 0057).
 */
import { IMAGE_WIDTHS, isStoredImageUrl, placeholderImageUrl } from '@mandi/shared';

export function sizedImage(url: string, sizes: string): { src: string; srcSet?: string; sizes?: string } {
  if (!url) return { src: placeholderImageUrl('') };
  if (!isStoredImageUrl(url)) return { src: url };
  return {
    src: url,
    srcSet: IMAGE_WIDTHS.map((width) => `${url}?w=${width} ${width}w`).join(', '),
    sizes,
  };
}
