/**
 * "Scan with camera": where the browser can read barcodes (BarcodeDetector), a dialog shows the
 * camera until a label is read (then it closes and the screen gets the code) or the person closes
 * it (Escape or the button). Absent where the browser cannot: the gun or the keys remain.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { canScanWithCamera, startCameraScan } from '../../lib/devices/camera-scan';
import { devicesTexts as x } from '../../lib/devices/devices.texts';
import { useT } from '../../lib/i18n';

export function CameraScanButton({ onScan }: { onScan: (code: string) => void }) {
  const t = useT();
  const [isOpen, setIsOpen] = useState(false);
  if (!canScanWithCamera()) return null;
  return (
    <>
      <button type="button" className="btn-secondary min-h-12" onClick={() => setIsOpen(true)}>
        {t(x.scanWithCamera)}
      </button>
      {isOpen && (
        <CameraDialog
          onClose={() => setIsOpen(false)}
          onScan={(code) => {
            setIsOpen(false);
            onScan(code);
          }}
        />
      )}
    </>
  );
}

function CameraDialog({ onClose, onScan }: { onClose: () => void; onScan: (code: string) => void }) {
  const t = useT();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const titleId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const latest = useRef(onScan);
  latest.current = onScan;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal?.();
    const video = videoRef.current;
    let stop: (() => void) | null = null;
    let isGone = false;
    if (video) {
      startCameraScan(video, (code) => latest.current(code)).then(
        (stopScan) => {
          if (isGone) stopScan();
          else stop = stopScan;
        },
        (error: unknown) => setProblem(error instanceof Error ? error.message : String(error)),
      );
    }
    return () => {
      isGone = true;
      stop?.();
      dialog?.close?.();
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(94vw,32rem)] rounded-2xl bg-white p-0 shadow-2xl backdrop:bg-stone-900/50"
    >
      <div className="flex flex-col gap-3 p-4">
        <h2 id={titleId} className="text-lg font-bold text-stone-900">
          {t(x.cameraTitle)}
        </h2>
        <p className="text-sm text-stone-700">{t(x.cameraHint)}</p>
        <video ref={videoRef} className="aspect-video w-full rounded-xl bg-stone-900" muted playsInline />
        {problem && <p className="error-text">{t(x.cameraFailed, { message: problem })}</p>}
        <button type="button" className="btn-secondary min-h-12" onClick={onClose}>
          {t(x.closeCamera)}
        </button>
      </div>
    </dialog>
  );
}
