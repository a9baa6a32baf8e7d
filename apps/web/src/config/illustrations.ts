/**
 * The drawings the home page shows on a first visit, drawn as SVG in `illustrations/` and shipped
 * as WebP copies at the widths listed here (made by `build/illustrations.ts`, at build time and on
 * demand in development). A browser parses an SVG picture on the page's main thread, as a document
 * of its own (the hero took 40-80 ms of a first visit's main thread on a 2-core machine, four times
 * that on Lighthouse's phone), while it decodes a WebP on its image threads (decision 0067).
 */

export interface Illustration {
  /** The drawing's name: `illustrations/<name>.svg` (in the web app's folder) is its source. */
  name: string;
  /** Widths in pixels of the WebP copies, smallest first. */
  widths: readonly number[];
  /** How wide it is shown, as an `<img>`'s `sizes` (for a drawing whose width follows the screen's). */
  sizes?: string;
}

export const illustrations = {
  /**
   * The home page's produce (`w-full max-w-[17rem] sm:max-w-sm md:max-w-md`, in half the page from
   * md): 480 px serves a 1.75x phone and a desktop, 960 px anything denser.
   */
  heroProduce: {
    name: 'hero-produce',
    widths: [480, 960],
    sizes: '(min-width: 768px) min(28rem, 50vw), (min-width: 640px) 24rem, 17rem',
  },
  /** The three promises' icons, 36 px: copies for 2x and 3x screens. */
  seedling: { name: 'seedling', widths: [72, 108] },
  deliveryTruck: { name: 'delivery-truck', widths: [72, 108] },
  moneyBag: { name: 'money-bag', widths: [72, 108] },
} as const satisfies Record<string, Illustration>;

/** The address of a drawing's copy at `width`. */
export function illustrationCopy(illustration: Illustration, width: number): string {
  return `/images/${illustration.name}-${width}.webp`;
}

/** `src` (the smallest copy) and `srcSet` by width, for an `<img>` that also says its `sizes`. */
export function illustrationImage(illustration: Illustration): { src: string; srcSet: string } {
  return {
    src: illustrationCopy(illustration, illustration.widths[0] as number),
    srcSet: illustration.widths.map((width) => `${illustrationCopy(illustration, width)} ${width}w`).join(', '),
  };
}

/** `src` and `srcSet` by density for a drawing shown at a fixed `size` in CSS pixels (its copies at 2x and 3x). */
export function illustrationIcon(illustration: Illustration, size: number): { src: string; srcSet: string } {
  return {
    src: illustrationCopy(illustration, illustration.widths[0] as number),
    srcSet: illustration.widths.map((width) => `${illustrationCopy(illustration, width)} ${width / size}x`).join(', '),
  };
}
