/**
 * The counter's scale and scanner (contract "The scale and barcodes"): the device's scale, read
 * through the browser, with Weigh (F6) putting the chosen product's steady weight on the bill; a
 * barcode gun's (or the camera's) scale label read on the device with the kept rules and PLUs,
 * offline too, adding its line. The lines say how they were taken (`scale`, `barcode`).
 */
import { quantityNumber } from '@mandi/shared/kernel';
import { useEffect, useId, useRef, useState } from 'react';
import { CameraScanButton } from '../../../components/devices/camera-scan';
import { ScaleStatus } from '../../../components/devices/scale-status';
import { useBarcodeGun } from '../../../lib/devices/barcode-gun';
import { devicesTexts } from '../../../lib/devices/devices.texts';
import { useScale } from '../../../lib/devices/scale-session';
import { useWeigh } from '../../../lib/devices/use-weigh';
import { formatInUnit, useT } from '../../../lib/i18n';
import type { BarcodeRules, CounterDevice, CounterProduct } from '../api/counter-types';
import { type LineSource, lineProduct } from '../bill';
import { counterDevicesTexts as x } from '../counter-devices.texts';
import { looksLikeLabel, readCounterScan } from '../scan';
import type { Chosen } from './keypad-panel';

export function CounterDevices({
  device,
  products,
  rules,
  chosen,
  onAdd,
}: {
  device: CounterDevice;
  products: readonly CounterProduct[];
  rules: BarcodeRules;
  chosen: Chosen | null;
  /** Puts a measured line on the bill (as the keypad's Add does). */
  onAdd: (target: Chosen, thousandths: number, source: LineSource) => void;
}) {
  const t = useT();
  const headingId = useId();
  const { connection, connect } = useScale(device.scale);
  const weighing = useWeigh(connection);
  const [message, setMessage] = useState<{ text: string; isProblem: boolean } | null>(null);
  const latest = useRef({ onAdd, chosen, products, rules });
  latest.current = { onAdd, chosen, products, rules };

  function scan(code: string) {
    const read = readCounterScan(code, latest.current.rules, latest.current.products);
    if (read.kind === 'problem') {
      setMessage({ text: t(read.problem, read.values), isProblem: true });
      return;
    }
    const product = lineProduct(read.product);
    latest.current.onAdd({ product, isChange: false }, read.thousandths, 'barcode');
    setMessage({
      text: t(x.scanned, {
        name: product.name,
        quantity: formatInUnit(quantityNumber(read.thousandths), product.unit),
      }),
      isProblem: false,
    });
  }
  useBarcodeGun(scan, looksLikeLabel);

  async function weigh() {
    const target = latest.current.chosen;
    if (!target) {
      setMessage({ text: t(x.chooseBeforeWeigh), isProblem: true });
      return;
    }
    if (target.product.unit !== 'kg') {
      setMessage({ text: t(devicesTexts.weighOnlyKg), isProblem: true });
      return;
    }
    setMessage(null);
    const weight = await weighing.weigh(target.product.productId);
    if (weight) latest.current.onAdd(target, weight.grams, 'scale');
  }

  const canWeigh = connection.status === 'connected';
  const weighRef = useRef(weigh);
  weighRef.current = weigh;
  useEffect(() => {
    if (!canWeigh) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'F6' || event.defaultPrevented) return;
      event.preventDefault();
      void weighRef.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [canWeigh]);

  const problem = weighing.problem ? t(weighing.problem) : null;
  return (
    <section aria-labelledby={headingId} className="card flex flex-col gap-2 p-3 sm:p-4">
      <h2 id={headingId} className="sr-only">
        {t(x.scaleAndScanner)}
      </h2>
      <ScaleStatus connection={connection} onConnect={(choose) => void connect(choose)}>
        {weighing.waiting ? (
          <button type="button" className="btn-secondary min-h-12" onClick={weighing.cancel}>
            {t(devicesTexts.cancelWeighing)}
          </button>
        ) : (
          <button type="button" className="btn-primary min-h-12" onClick={() => void weigh()}>
            {t(x.weighKey)} <kbd className="text-xs">F6</kbd>
          </button>
        )}
      </ScaleStatus>
      <div className="flex flex-wrap items-center gap-2">
        <p
          role="status"
          className={`min-w-0 flex-1 text-sm ${message?.isProblem || problem ? 'error-text' : 'text-stone-700'}`}
        >
          {weighing.waiting ? t(devicesTexts.weighing) : (problem ?? message?.text ?? t(x.scanHint))}
        </p>
        <CameraScanButton onScan={scan} />
      </div>
    </section>
  );
}
