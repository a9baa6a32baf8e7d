/**
 * The scale as a screen shows it (counter, packing, device settings): what it reads now (steady or
 * moving, over its limit, below zero), Zero and Tare where the protocol has them, and, when it is
 * not connected, why and what to do (Connect on a click; a browser with no Web Serial types the
 * weights). The weight is read every 200 ms, so only this small part renders again.
 */
import type { ReactNode } from 'react';
import { devicesTexts as x } from '../../lib/devices/devices.texts';
import type { ScaleReader } from '../../lib/devices/scale-reader';
import { type ScaleConnection, useScaleState } from '../../lib/devices/scale-session';
import { formatInUnit, useT } from '../../lib/i18n';

export function ScaleStatus({
  connection,
  onConnect,
  children,
}: {
  connection: ScaleConnection;
  /** Connect (a click); `choose`: let the person pick another port. */
  onConnect: (choose?: boolean) => void;
  /** Shown beside the reading once connected (the screen's Weigh button). */
  children?: ReactNode;
}) {
  const t = useT();
  if (connection.status === 'off') return null;
  const box = 'flex flex-wrap items-center gap-2 rounded-xl border border-stone-200 bg-stone-50 p-2 text-sm';
  if (connection.status === 'connected') {
    return (
      <div className={box}>
        <ScaleReadingLine reader={connection.reader} />
        {connection.reader.canZero && (
          <button
            type="button"
            className="btn-secondary min-h-12 px-3"
            onClick={() => void connection.reader.zero().catch(() => undefined)}
          >
            {t(x.zero)}
          </button>
        )}
        {connection.reader.canTare && (
          <button
            type="button"
            className="btn-secondary min-h-12 px-3"
            onClick={() => void connection.reader.tare().catch(() => undefined)}
          >
            {t(x.tare)}
          </button>
        )}
        {children}
      </div>
    );
  }
  const message =
    connection.status === 'unsupported'
      ? t(x.scaleUnsupported)
      : connection.status === 'needsPort'
        ? t(x.scaleNeedsPort)
        : connection.status === 'connecting'
          ? t(x.scaleConnecting)
          : connection.status === 'lost'
            ? t(x.scaleLost)
            : t(x.scaleFailed, { message: connection.message });
  return (
    <div className={box}>
      <p role="status" className={connection.status === 'failed' ? 'error-text' : 'text-stone-800'}>
        {message}
      </p>
      {connection.status === 'needsPort' && (
        <button type="button" className="btn-primary min-h-12" onClick={() => onConnect()}>
          {t(x.scaleConnect)}
        </button>
      )}
      {(connection.status === 'failed' || connection.status === 'lost') && (
        <button type="button" className="btn-secondary min-h-12" onClick={() => onConnect(true)}>
          {t(x.scaleChoosePort)}
        </button>
      )}
    </div>
  );
}

/** What the scale reads now, in words. */
function ScaleReadingLine({ reader }: { reader: ScaleReader }) {
  const t = useT();
  const { reading, steady } = useScaleState(reader);
  let text: string;
  let tone = 'text-stone-900';
  if (!reading) text = t(x.scaleWaiting);
  else if (reading.kind === 'weight') {
    const weight = formatInUnit(reading.grams / 1000, 'kg');
    const state = steady ? t(x.scaleSteady) : t(x.scaleMoving);
    text = `${t(x.scaleReading, { weight })}${reading.net ? ` (${t(x.scaleNet)})` : ''} · ${state}`;
    if (!steady) tone = 'text-amber-900';
  } else if (reading.kind === 'motion') {
    text = `${t(x.scale)}: ${t(x.scaleMoving)}`;
    tone = 'text-amber-900';
  } else {
    tone = 'error-text';
    text =
      reading.kind === 'overload'
        ? t(x.scaleOverload)
        : reading.kind === 'underZero'
          ? t(x.scaleUnderZero)
          : reading.kind === 'otherUnit'
            ? t(x.scaleOtherUnit, { unit: reading.unit })
            : t(x.scaleUnreadable);
  }
  return (
    <output data-testid="scale-reading" className={`min-w-0 flex-1 font-semibold tabular-nums ${tone}`}>
      {text}
    </output>
  );
}
