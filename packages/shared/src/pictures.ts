/**
 * The address of an item's picture (docs/decisions/0057-pictures-optional-for-a-real-shop.md): its
 * stored picture, or, when it has none (a real shop may add items without one), the placeholder the
 * image route draws from its name in the shop's colours. Either way an image URL, so every client
 * of `url`, `categoryImage` and an order line's `image` shows a picture without knowing the difference.
 */

/** Versioned: the drawing is served as immutable, so a new drawing needs a new address. */
export const PLACEHOLDER_IMAGE_PATH = '/api/images/placeholder/v1.svg';

/** The placeholder drawn for `name` (trimmed); an empty name gives the shop's plain mark. */
export function placeholderImageUrl(name: string): string {
  const trimmed = name.trim();
  return trimmed ? `${PLACEHOLDER_IMAGE_PATH}?name=${encodeURIComponent(trimmed)}` : PLACEHOLDER_IMAGE_PATH;
}

/** A stored picture's address, or the placeholder for the item's name when it has none. */
export function pictureUrl(imageId: string | null, name: string): string {
  return imageId ? `/api/images/${imageId}` : placeholderImageUrl(name);
}

/** A stored picture (`/api/images/{id}`), the only kind the image route resizes (`?w=`). */
export function isStoredImageUrl(url: string): boolean {
  return /^\/api\/images\/[^/?#]+$/.test(url);
}
