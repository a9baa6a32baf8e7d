/**
 * A counter device's scale and printer (contract "Counter devices": `scale`, `printer`), saved with
 * PUT /api/admin/counter/devices/{id}: the scale's profile and serial settings (a custom profile's
 * command and pattern), the receipt paper and how receipts reach the printer. "Try the scale"
 * connects with the settings as they stand (saved or not) and shows what the scale reads and the
 * last raw lines from the port, so a shop can write a custom pattern against what its scale sends.
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ScaleStatus } from '../../../components/devices/scale-status';
import { ErrorBlock } from '../../../components/ui/error-block';
import { errorMessages } from '../../../lib/api-client';
import { visibleText } from '../../../lib/devices/byte-link';
import { keepChosenDevice, useChosenDevice } from '../../../lib/devices/chosen-device';
import { devicesTexts } from '../../../lib/devices/devices.texts';
import {
  customPattern,
  PROFILE_DEFAULTS,
  profileSettings,
  SCALE_PROFILES,
  type ScaleProfile,
  type ScaleSettings,
} from '../../../lib/devices/scale-profiles';
import type { ScaleReader } from '../../../lib/devices/scale-reader';
import { useScale, useScaleState } from '../../../lib/devices/scale-session';
import { webBluetooth, webSerial, webUsb } from '../../../lib/devices/web-apis';
import { loadingTexts, type Text, useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import type { CounterDevice, CounterPrinter } from '../api/counter-types';
import { useDevices, useUpdateDevice } from '../api/devices';
import { counterDevicesTexts as x } from '../counter-devices.texts';

const BAUD_RATES = [1200, 2400, 4800, 9600, 19_200, 38_400, 57_600, 115_200];
const PROFILE_NAMES: Record<ScaleProfile, Text> = {
  'toledo-8217': x.profileToledo,
  continuous: x.profileContinuous,
  adam: x.profileAdam,
  custom: x.profileCustom,
};
type Transport = CounterPrinter['transport'];
const TRANSPORTS: { value: Transport; text: Text; present: () => boolean }[] = [
  { value: 'print', text: x.transportPrint, present: () => true },
  { value: 'serial', text: x.transportSerial, present: () => webSerial() !== undefined },
  { value: 'usb', text: x.transportUsb, present: () => webUsb() !== undefined },
  { value: 'bluetooth', text: x.transportBluetooth, present: () => webBluetooth() !== undefined },
];

export default function DeviceSettingsPage() {
  const t = useT();
  usePageTitle(x.settingsTitle);
  const { deviceId = '' } = useParams();
  const devices = useDevices();
  const device = devices.data?.find((entry) => entry._id === deviceId);
  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="page-heading">{t(x.settingsTitle)}</h1>
          {device && (
            <p className="text-stone-700">
              {device.name} · {device.series}
            </p>
          )}
        </div>
        <Link to="/admin/counter" className="btn-secondary min-h-12">
          {t(x.backToCounter)}
        </Link>
      </div>
      <p className="max-w-3xl text-stone-700">{t(x.settingsIntro)}</p>
      {devices.isPending && <p role="status">{t(loadingTexts.loading)}</p>}
      {devices.isError && <ErrorBlock messages={errorMessages(devices.error)} />}
      {devices.data && !device && <ErrorBlock messages={[t(x.deviceMissing)]} />}
      {device && <DeviceSettingsForm key={device._id} device={device} />}
    </section>
  );
}

/** Why a custom pattern cannot be used, or null. */
function patternProblem(scale: ScaleSettings | null): Text | null {
  if (scale?.profile !== 'custom') return null;
  const read = customPattern(scale.pattern);
  if (!('problem' in read)) return null;
  return read.problem === 'empty' ? x.patternEmpty : read.problem === 'invalid' ? x.patternInvalid : x.patternNoWeight;
}

/** The settings as saved: command and pattern only for a custom scale. */
function savedScale(scale: ScaleSettings): ScaleSettings {
  const { command, pattern, ...serial } = scale;
  return scale.profile === 'custom' ? { ...serial, command: command ?? '', pattern: pattern ?? '' } : serial;
}

/** `value` once it has not changed for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the value is followed by its key.
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return settled;
}

function DeviceSettingsForm({ device }: { device: CounterDevice }) {
  const t = useT();
  const update = useUpdateDevice();
  const [chosen] = useChosenDevice();
  const ids = {
    hasScale: useId(),
    profile: useId(),
    baud: useId(),
    dataBits: useId(),
    parity: useId(),
    stopBits: useId(),
    command: useId(),
    commandHint: useId(),
    pattern: useId(),
    patternHint: useId(),
    patternProblem: useId(),
    width: useId(),
    transport: useId(),
    transportHint: useId(),
    scaleHeading: useId(),
    printerHeading: useId(),
  };
  const [hasScale, setHasScale] = useState(device.scale !== null);
  const [scale, setScale] = useState<ScaleSettings>(device.scale ?? profileSettings('toledo-8217'));
  const [printer, setPrinter] = useState<{ width: 'none' | '58' | '80'; transport: Transport }>({
    width: device.printer ? (String(device.printer.width) as '58' | '80') : 'none',
    transport: device.printer?.transport ?? 'print',
  });
  const [attempted, setAttempted] = useState(false);
  const [saved, setSaved] = useState(false);
  const problem = hasScale ? patternProblem(scale) : null;

  const set = <K extends keyof ScaleSettings>(key: K, value: ScaleSettings[K]) => {
    setSaved(false);
    setScale((current) => ({ ...current, [key]: value }));
  };
  const chooseProfile = (profile: ScaleProfile) => {
    setSaved(false);
    setScale((current) => ({
      profile,
      ...PROFILE_DEFAULTS[profile],
      ...(profile === 'custom' ? { command: current.command ?? '', pattern: current.pattern ?? '' } : {}),
    }));
  };

  function save(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (problem) {
      document.getElementById(ids.pattern)?.focus();
      return;
    }
    const nextPrinter: CounterPrinter | null =
      printer.width === 'none' ? null : { width: printer.width === '58' ? 58 : 80, transport: printer.transport };
    update.mutate(
      { device, name: device.name, scale: hasScale ? savedScale(scale) : null, printer: nextPrinter },
      {
        onSuccess: (updated) => {
          setSaved(true);
          // This browser's device weighs and prints with the new settings at once.
          if (chosen?._id === updated._id) keepChosenDevice(updated);
        },
      },
    );
  }

  const transportMissing = !TRANSPORTS.find((entry) => entry.value === printer.transport)?.present();
  const trying = useSettled(hasScale && !problem ? savedScale(scale) : null, 600);

  return (
    <>
      <form onSubmit={save} noValidate className="flex flex-col gap-4">
        <section aria-labelledby={ids.scaleHeading} className="card flex flex-col gap-3 p-4 sm:p-5">
          <h2 id={ids.scaleHeading} className="text-xl font-bold text-stone-900">
            {t(devicesTexts.scale)}
          </h2>
          <label htmlFor={ids.hasScale} className="flex min-h-12 items-center gap-3 font-semibold text-stone-900">
            <input
              id={ids.hasScale}
              type="checkbox"
              className="h-6 w-6"
              checked={hasScale}
              onChange={(event) => {
                setSaved(false);
                setHasScale(event.target.checked);
              }}
            />
            {t(x.hasScale)}
          </label>
          {hasScale && (
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              <div className="sm:col-span-2 lg:col-span-3">
                <label htmlFor={ids.profile} className="field-label">
                  {t(x.profile)}
                </label>
                <select
                  id={ids.profile}
                  className="field-input min-h-12"
                  value={scale.profile}
                  onChange={(event) => chooseProfile(event.target.value as ScaleProfile)}
                >
                  {SCALE_PROFILES.map((profile) => (
                    <option key={profile} value={profile}>
                      {t(PROFILE_NAMES[profile])}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor={ids.baud} className="field-label">
                  {t(x.baudRate)}
                </label>
                <select
                  id={ids.baud}
                  className="field-input min-h-12"
                  value={scale.baudRate}
                  onChange={(event) => set('baudRate', Number(event.target.value))}
                >
                  {BAUD_RATES.map((rate) => (
                    <option key={rate} value={rate}>
                      {rate}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor={ids.dataBits} className="field-label">
                  {t(x.dataBits)}
                </label>
                <select
                  id={ids.dataBits}
                  className="field-input min-h-12"
                  value={scale.dataBits}
                  onChange={(event) => set('dataBits', event.target.value === '7' ? 7 : 8)}
                >
                  <option value="7">7</option>
                  <option value="8">8</option>
                </select>
              </div>
              <div>
                <label htmlFor={ids.parity} className="field-label">
                  {t(x.parity)}
                </label>
                <select
                  id={ids.parity}
                  className="field-input min-h-12"
                  value={scale.parity}
                  onChange={(event) => set('parity', event.target.value as ScaleSettings['parity'])}
                >
                  <option value="none">{t(x.parityNone)}</option>
                  <option value="even">{t(x.parityEven)}</option>
                  <option value="odd">{t(x.parityOdd)}</option>
                </select>
              </div>
              <div>
                <label htmlFor={ids.stopBits} className="field-label">
                  {t(x.stopBits)}
                </label>
                <select
                  id={ids.stopBits}
                  className="field-input min-h-12"
                  value={scale.stopBits}
                  onChange={(event) => set('stopBits', event.target.value === '2' ? 2 : 1)}
                >
                  <option value="1">1</option>
                  <option value="2">2</option>
                </select>
              </div>
              {scale.profile === 'custom' && (
                <>
                  <div className="sm:col-span-2 lg:col-span-3">
                    <label htmlFor={ids.command} className="field-label">
                      {t(x.command)}
                    </label>
                    <input
                      id={ids.command}
                      className="field-input min-h-12 font-mono"
                      value={scale.command ?? ''}
                      maxLength={32}
                      autoComplete="off"
                      spellCheck={false}
                      aria-describedby={ids.commandHint}
                      onChange={(event) => set('command', event.target.value)}
                    />
                    <p id={ids.commandHint} className="mt-1 text-sm text-stone-600">
                      {t(x.commandHint)}
                    </p>
                  </div>
                  <div className="sm:col-span-2 lg:col-span-3">
                    <label htmlFor={ids.pattern} className="field-label">
                      {t(x.pattern)}
                    </label>
                    <input
                      id={ids.pattern}
                      className="field-input min-h-12 font-mono"
                      value={scale.pattern ?? ''}
                      maxLength={200}
                      autoComplete="off"
                      spellCheck={false}
                      aria-invalid={attempted && problem !== null}
                      aria-describedby={`${ids.patternHint}${attempted && problem ? ` ${ids.patternProblem}` : ''}`}
                      onChange={(event) => set('pattern', event.target.value)}
                    />
                    <p id={ids.patternHint} className="mt-1 text-sm text-stone-600">
                      {t(x.patternHint)}
                    </p>
                    {attempted && problem && (
                      <p id={ids.patternProblem} className="error-text">
                        {t(problem)}
                      </p>
                    )}
                  </div>
                </>
              )}
            </div>
          )}
        </section>
        <section aria-labelledby={ids.printerHeading} className="card grid gap-3 p-4 sm:grid-cols-2 sm:p-5">
          <h2 id={ids.printerHeading} className="text-xl font-bold text-stone-900 sm:col-span-2">
            {t(x.printer)}
          </h2>
          <div>
            <label htmlFor={ids.width} className="field-label">
              {t(x.printerWidth)}
            </label>
            <select
              id={ids.width}
              className="field-input min-h-12"
              value={printer.width}
              onChange={(event) => {
                setSaved(false);
                setPrinter((current) => ({ ...current, width: event.target.value as 'none' | '58' | '80' }));
              }}
            >
              <option value="none">—</option>
              <option value="58">58 mm</option>
              <option value="80">80 mm</option>
            </select>
          </div>
          <div>
            <label htmlFor={ids.transport} className="field-label">
              {t(x.printerTransport)}
            </label>
            <select
              id={ids.transport}
              className="field-input min-h-12"
              value={printer.transport}
              disabled={printer.width === 'none'}
              aria-describedby={transportMissing ? ids.transportHint : undefined}
              onChange={(event) => {
                setSaved(false);
                setPrinter((current) => ({ ...current, transport: event.target.value as Transport }));
              }}
            >
              {TRANSPORTS.map((entry) => (
                <option key={entry.value} value={entry.value}>
                  {t(entry.text)}
                </option>
              ))}
            </select>
            {transportMissing && printer.width !== 'none' && (
              <p id={ids.transportHint} className="mt-1 text-sm font-semibold text-amber-900">
                {t(x.transportMissing)}
              </p>
            )}
          </div>
        </section>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn-primary min-h-12" disabled={update.isPending}>
            {t(x.save)}
          </button>
          <p role="status" className="font-semibold text-green-800">
            {saved ? t(x.saved) : ''}
          </p>
        </div>
        <ErrorBlock messages={update.isError ? errorMessages(update.error) : null} />
      </form>
      {trying && <TryScale settings={trying} />}
    </>
  );
}

/** The scale with the settings as they stand: what it reads, and the last raw lines from the port. */
function TryScale({ settings }: { settings: ScaleSettings }) {
  const t = useT();
  const headingId = useId();
  const { connection, connect } = useScale(settings);
  return (
    <section aria-labelledby={headingId} className="card flex flex-col gap-3 p-4 sm:p-5">
      <h2 id={headingId} className="text-xl font-bold text-stone-900">
        {t(x.testScale)}
      </h2>
      <p className="text-stone-700">{t(x.testScaleIntro)}</p>
      <ScaleStatus connection={connection} onConnect={(choose) => void connect(choose)} />
      {connection.status === 'connected' && <RawLines reader={connection.reader} />}
    </section>
  );
}

function RawLines({ reader }: { reader: ScaleReader }) {
  const t = useT();
  const headingId = useId();
  const { lines } = useScaleState(reader);
  return (
    <div>
      <h3 id={headingId} className="font-semibold text-stone-900">
        {t(x.rawLines)}
      </h3>
      {lines.length === 0 ? (
        <p className="text-stone-700">{t(x.noLines)}</p>
      ) : (
        <ol
          aria-labelledby={headingId}
          data-testid="raw-lines"
          className="mt-1 max-h-72 overflow-auto rounded-lg bg-stone-900 p-3 font-mono text-sm text-green-200"
        >
          {lines.map((line, index) => (
            // Lines repeat (a steady scale sends the same one): their place is their key.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            <li key={index}>{visibleText(line)}</li>
          ))}
        </ol>
      )}
    </div>
  );
}
