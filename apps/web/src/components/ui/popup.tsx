/** A modal message box (register success, server messages) built on <dialog> for focus and Escape handling. */
import { type ReactNode, useEffect, useRef } from 'react';
import { type Text, useT } from '../../lib/i18n';

export function Popup({ title, children, onClose }: { title: Text; children?: ReactNode; onClose?: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const t = useT();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
    return () => dialog?.close?.();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby="popup-title"
      onCancel={(event) => {
        if (!onClose) event.preventDefault();
        else onClose();
      }}
      className="m-auto w-[min(92vw,26rem)] rounded-2xl bg-white p-0 shadow-2xl backdrop:bg-stone-900/50"
    >
      <div className="flex flex-col items-center gap-5 px-6 py-8 text-center">
        <span
          className="flex h-14 w-14 items-center justify-center rounded-full bg-green-100 text-3xl"
          aria-hidden="true"
        >
          ✓
        </span>
        <h2 id="popup-title" className="text-xl font-bold text-stone-900">
          {t(title)}
        </h2>
        <div className="flex flex-wrap justify-center gap-3">{children}</div>
      </div>
    </dialog>
  );
}
