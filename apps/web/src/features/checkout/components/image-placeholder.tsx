/** Shown where a product (or an order line whose product was deleted) has no picture. */
export function ImagePlaceholder() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="h-8 w-8 text-green-700/60"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      aria-hidden="true"
    >
      <path d="M5 21c0-8 5-14 14-16-1 9-7 14-14 16Z" strokeLinejoin="round" />
      <path d="M5 21 13 13" strokeLinecap="round" />
    </svg>
  );
}
