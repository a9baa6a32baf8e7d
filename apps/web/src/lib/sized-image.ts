/**
 * `src`, `srcSet` and `sizes` for a stored picture, so the browser downloads the copy that fits
 * the size it is shown at (the image route makes the widths in IMAGE_WIDTHS). Other addresses
 * (static files, pictures being picked in a form) are passed through as they are.
 */
import { IMAGE_WIDTHS } from '@mandi/shared';

export function sizedImage(url: string, sizes: string): { src: string; srcSet?: string; sizes?: string } {
  if (!url.startsWith('/api/images/')) return { src: url };
  return {
    src: url,
    srcSet: IMAGE_WIDTHS.map((width) => `${url}?w=${width} ${width}w`).join(', '),
    sizes,
  };
}
