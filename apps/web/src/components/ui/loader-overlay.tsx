import { useT } from '../../lib/i18n';

/** The loading overlay (docs/product.md#loading-texts): a caller-given text followed by '..!!'. */
export function LoaderOverlay({ text }: { text: string }) {
  const t = useT();
  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-white/80 backdrop-blur-sm"
      role="status"
      aria-live="polite"
    >
      <div className="flex flex-col items-center gap-4">
        <span
          className="h-12 w-12 animate-spin rounded-full border-4 border-green-200 border-t-green-700"
          aria-hidden="true"
        />
        <p className="text-lg font-semibold text-green-900">{t(text)}..!!</p>
      </div>
    </div>
  );
}
