/**
 * The counter devices (contract "Counter devices"): which one this browser is, and a small admin of
 * them: register one (the server gives its series), rename it and set its receipt paper, or open
 * its scale and printer settings (device-settings-page.tsx). Each device numbers its own bills, so
 * a device is meant for one browser.
 */
import { financialYearOf, formatInvoiceNumber } from '@mandi/shared/kernel';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { ErrorBlock } from '../../../components/ui/error-block';
import { errorMessages } from '../../../lib/api-client';
import { loadingTexts, useT } from '../../../lib/i18n';
import type { CounterDevice, CounterPrinter } from '../api/counter-types';
import { useDevices, useRegisterDevice, useUpdateDevice } from '../api/devices';
import { counterTexts as x } from '../counter.texts';
import { counterDevicesTexts as devicesText } from '../counter-devices.texts';
import { counterDevicePath } from '../device-settings-path';

const NAME_MAX = 40;
const isDeviceName = (name: string) => name.trim().length >= 1 && name.trim().length <= NAME_MAX;

export function DevicesPanel({
  current,
  isOnline,
  onChoose,
  onClose,
}: {
  current: CounterDevice | null;
  isOnline: boolean;
  onChoose: (device: CounterDevice) => void;
  onClose: () => void;
}) {
  const t = useT();
  const headingId = useId();
  const devices = useDevices();
  return (
    <section aria-labelledby={headingId} className="card flex flex-col gap-4 p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-xl font-bold text-stone-900">
          {current ? t(x.devices) : t(x.chooseDeviceTitle)}
        </h2>
        {current && (
          <button type="button" onClick={onClose} className="btn-secondary min-h-12">
            {t(x.closeDevices)}
          </button>
        )}
      </div>
      <p className="text-stone-700">{t(x.chooseDeviceIntro)}</p>
      {!isOnline && <p className="font-semibold text-amber-900">{t(x.devicesNeedNetwork)}</p>}
      {devices.isPending && isOnline && <p role="status">{t(loadingTexts.loading)}</p>}
      {devices.isError && <ErrorBlock messages={errorMessages(devices.error)} />}
      {devices.data && devices.data.length === 0 && <p>{t(x.noDevices)}</p>}
      {devices.data && devices.data.length > 0 && (
        <ul className="flex flex-col gap-3">
          {devices.data.map((device) => (
            <DeviceRow key={device._id} device={device} isCurrent={device._id === current?._id} onChoose={onChoose} />
          ))}
        </ul>
      )}
      <RegisterForm onRegistered={(device) => !current && onChoose(device)} />
    </section>
  );
}

function DeviceRow({
  device,
  isCurrent,
  onChoose,
}: {
  device: CounterDevice;
  isCurrent: boolean;
  onChoose: (device: CounterDevice) => void;
}) {
  const t = useT();
  const [isEditing, setIsEditing] = useState(false);
  const next = formatInvoiceNumber(device.series, financialYearOf(new Date()), device.nextSequence);
  return (
    <li className="rounded-xl border border-stone-200 p-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="font-semibold text-stone-900">
            {t(x.deviceLine, { name: device.name, series: device.series })}
          </p>
          <p className="text-sm text-stone-700">
            {t(x.nextBill, { number: next })} ·{' '}
            {device.printer ? t(x.paperMm, { width: device.printer.width }) : t(x.paperNone)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {isCurrent ? (
            <span className="rounded-full bg-green-100 px-3 py-2 text-sm font-semibold text-green-900">
              {t(x.thisBrowser)}
            </span>
          ) : (
            <button type="button" onClick={() => onChoose(device)} className="btn-primary min-h-12">
              {t(x.useThisDevice)}
            </button>
          )}
          <button
            type="button"
            onClick={() => setIsEditing((open) => !open)}
            aria-expanded={isEditing}
            className="btn-secondary min-h-12"
          >
            {t(x.editDevice, { name: device.name })}
          </button>
          <Link
            to={counterDevicePath(device._id)}
            aria-label={t(devicesText.settingsLink, { name: device.name })}
            className="btn-secondary min-h-12"
          >
            {t(devicesText.settingsTitle)}
          </Link>
        </div>
      </div>
      {isEditing && <EditDeviceForm device={device} onDone={() => setIsEditing(false)} />}
    </li>
  );
}

type Paper = 'none' | '58' | '80';

function EditDeviceForm({ device, onDone }: { device: CounterDevice; onDone: () => void }) {
  const t = useT();
  const update = useUpdateDevice();
  const ids = { name: useId(), paper: useId() };
  const [name, setName] = useState(device.name);
  const [paper, setPaper] = useState<Paper>(device.printer ? (String(device.printer.width) as Paper) : 'none');
  const [problem, setProblem] = useState<string | null>(null);

  function save(event: FormEvent) {
    event.preventDefault();
    if (!isDeviceName(name)) {
      setProblem(t(x.deviceNameLength));
      return;
    }
    setProblem(null);
    const printer: CounterPrinter | null =
      paper === 'none' ? null : { width: paper === '58' ? 58 : 80, transport: device.printer?.transport ?? 'print' };
    update.mutate({ device, name: name.trim(), printer }, { onSuccess: onDone });
  }

  return (
    <form onSubmit={save} className="mt-3 grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
      <div>
        <label htmlFor={ids.name} className="field-label">
          {t(x.deviceName)}
        </label>
        <input
          id={ids.name}
          className="field-input min-h-12"
          value={name}
          maxLength={NAME_MAX}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <div>
        <label htmlFor={ids.paper} className="field-label">
          {t(x.paperWidth)}
        </label>
        <select
          id={ids.paper}
          className="field-input min-h-12"
          value={paper}
          onChange={(event) => setPaper(event.target.value as Paper)}
        >
          <option value="none">{t(x.paperNone)}</option>
          <option value="58">{t(x.paperMm, { width: 58 })}</option>
          <option value="80">{t(x.paperMm, { width: 80 })}</option>
        </select>
      </div>
      <div className="flex gap-2">
        <button type="submit" className="btn-primary min-h-12" disabled={update.isPending}>
          {t(x.save)}
        </button>
        <button type="button" className="btn-secondary min-h-12" onClick={onDone}>
          {t(x.cancel)}
        </button>
      </div>
      <div className="sm:col-span-3">
        <ErrorBlock messages={problem ? [problem] : update.isError ? errorMessages(update.error) : null} />
      </div>
    </form>
  );
}

function RegisterForm({ onRegistered }: { onRegistered: (device: CounterDevice) => void }) {
  const t = useT();
  const register = useRegisterDevice();
  const inputId = useId();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!isDeviceName(name)) {
      setProblem(t(x.deviceNameLength));
      return;
    }
    setProblem(null);
    register.mutate(name.trim(), {
      onSuccess: (device) => {
        setName('');
        onRegistered(device);
      },
    });
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-2 border-t border-stone-200 pt-4">
      <h3 className="font-semibold text-stone-900">{t(x.registerDevice)}</h3>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor={inputId} className="field-label">
            {t(x.deviceName)}
          </label>
          <input
            id={inputId}
            className="field-input min-h-12"
            value={name}
            maxLength={NAME_MAX}
            placeholder={t(x.deviceNamePlaceholder)}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <button type="submit" className="btn-primary min-h-12" disabled={register.isPending}>
          {t(x.register)}
        </button>
      </div>
      <ErrorBlock messages={problem ? [problem] : register.isError ? errorMessages(register.error) : null} />
    </form>
  );
}
