/**
 * A QR code of a UPI link, drawn as SVG from the `qrcode` package's module matrix. The package is
 * loaded on first use (a dynamic import), so it stays out of every page's first JavaScript: only a
 * shopper with a packed, unpaid order ever downloads it.
 */
import { useEffect, useState } from 'react';
import { BILLING_TEXTS as T } from '../billing.texts';

type QrModule = typeof import('qrcode');
let qrModule: Promise<QrModule> | undefined;

/** The package, loaded once; its CommonJS exports may arrive under `default` in a browser build. */
async function loadQr(): Promise<QrModule> {
  qrModule ??= import('qrcode').then((loaded) => {
    const module = loaded as QrModule & { default?: QrModule };
    return typeof module.create === 'function' ? module : (module.default as QrModule);
  });
  return qrModule;
}

/** Blank modules around the code, as the QR standard asks, so phones find its edges. */
const QUIET_ZONE = 4;

export interface QrDrawing {
  /** Modules per side, quiet zone included. */
  size: number;
  /** One `M x y h1 v1 h-1 z` square per dark module. */
  path: string;
}

/** The SVG path of a text's QR code (error correction M: a smudged phone screen still scans). */
export async function drawQr(text: string): Promise<QrDrawing> {
  const { create } = await loadQr();
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const squares: string[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (modules.data[row * modules.size + column]) {
        squares.push(`M${column + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`);
      }
    }
  }
  return { size: modules.size + 2 * QUIET_ZONE, path: squares.join('') };
}

export function UpiQrCode({ value, label }: { value: string; label: string }) {
  const [state, setState] = useState<{ value: string; drawing: QrDrawing | null } | null>(null);

  useEffect(() => {
    let isCurrent = true;
    drawQr(value).then(
      (drawing) => isCurrent && setState({ value, drawing }),
      () => isCurrent && setState({ value, drawing: null }),
    );
    return () => {
      isCurrent = false;
    };
  }, [value]);

  const frame = 'flex h-48 w-48 shrink-0 items-center justify-center rounded-xl bg-white ring-1 ring-stone-200';
  if (!state || state.value !== value) {
    return (
      <div className={`${frame} text-center text-sm text-stone-600`} role="status">
        {T.upiQrLoading}
      </div>
    );
  }
  if (!state.drawing) {
    return (
      <div className={`${frame} p-3 text-center text-sm text-stone-700`} role="status">
        {T.upiQrFailed}
      </div>
    );
  }
  return (
    <div className={frame}>
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${state.drawing.size} ${state.drawing.size}`}
        width="192"
        height="192"
        shapeRendering="crispEdges"
        className="h-48 w-48"
        data-testid="upi-qr"
      >
        <title>{label}</title>
        <rect width={state.drawing.size} height={state.drawing.size} fill="#fff" />
        <path d={state.drawing.path} fill="#000" />
      </svg>
    </div>
  );
}
