/**
 * ESC/POS receipts sent to the counter's printer (contract "Counter sales": the server draws the
 * bytes, Hindi lines as raster images, a cut at the end): over Web Serial, WebUSB or Web
 * Bluetooth, as the device's `printer.transport` says. Each transport is a ByteLink that writes
 * only; the bytes go in chunks the link can take. A printer allowed once is found again without
 * asking (`getPorts`, `getDevices`); the first time, the click that prints lets the person choose it.
 */
import type { ByteLink } from './byte-link';
import { openSerialLink } from './serial-link';
import { NoWebSerialError, portFor } from './serial-ports';
import {
  type BluetoothCharacteristicLike,
  type BluetoothDeviceLike,
  type UsbDeviceLike,
  webBluetooth,
  webUsb,
} from './web-apis';

export type PrinterTransport = 'serial' | 'usb' | 'bluetooth';

/** Why a receipt could not be sent to the printer. */
export class PrinterError extends Error {
  constructor(
    readonly reason: 'unsupported' | 'notChosen' | 'noEndpoint' | 'failed',
    message: string = reason,
  ) {
    super(message);
  }
}

/** Thermal printers' serial default. */
const SERIAL_PRINTER = { baudRate: 9600, dataBits: 8, parity: 'none', stopBits: 1 } as const;

/** GATT services cheap Bluetooth receipt printers write ESC/POS through. */
export const BLUETOOTH_PRINTER_SERVICES = [
  '000018f0-0000-1000-8000-00805f9b34fb',
  'e7810a71-73ae-499d-8c15-faa9aef0c3f2',
  '49535343-fe7d-4ae5-8fa9-9fafd205e455',
  '0000ff00-0000-1000-8000-00805f9b34fb',
];

/** A link that only writes, ended when closed. */
function writeOnlyLink(write: (bytes: Uint8Array) => Promise<void>, close: () => Promise<void>): ByteLink {
  let end: (value: Error | null) => void = () => undefined;
  const ended = new Promise<Error | null>((resolve) => {
    end = resolve;
  });
  return {
    write,
    onData: () => () => undefined,
    ended,
    async close() {
      await close().catch(() => undefined);
      end(null);
    },
  };
}

async function usbLink(ask: boolean): Promise<ByteLink> {
  const usb = webUsb();
  if (!usb) throw new PrinterError('unsupported');
  const known = await usb.getDevices();
  let device: UsbDeviceLike | undefined = known[0];
  if (!device && ask) {
    try {
      device = await usb.requestDevice({ filters: [] });
    } catch {
      throw new PrinterError('notChosen');
    }
  }
  if (!device) throw new PrinterError('notChosen');
  if (!device.opened) await device.open();
  if (device.configuration === null) await device.selectConfiguration(1);
  // The printer class (7) first, else any interface with a bulk OUT endpoint (many cheap printers).
  const interfaces = [...(device.configuration?.interfaces ?? [])].sort(
    (a, b) => Number(b.alternate.interfaceClass === 7) - Number(a.alternate.interfaceClass === 7),
  );
  const chosen = interfaces.find((entry) =>
    entry.alternate.endpoints.some((endpoint) => endpoint.direction === 'out' && endpoint.type === 'bulk'),
  );
  const endpoint = chosen?.alternate.endpoints.find((entry) => entry.direction === 'out' && entry.type === 'bulk');
  if (!chosen || !endpoint) throw new PrinterError('noEndpoint');
  if (!chosen.claimed) await device.claimInterface(chosen.interfaceNumber);
  const opened = device;
  return writeOnlyLink(
    async (bytes) => {
      await opened.transferOut(endpoint.endpointNumber, bytes as Uint8Array<ArrayBuffer>);
    },
    () => opened.close(),
  );
}

async function bluetoothLink(ask: boolean): Promise<ByteLink> {
  const bluetooth = webBluetooth();
  if (!bluetooth) throw new PrinterError('unsupported');
  let device: BluetoothDeviceLike | undefined = (await bluetooth.getDevices?.())?.[0];
  if (!device && ask) {
    try {
      device = await bluetooth.requestDevice({ acceptAllDevices: true, optionalServices: BLUETOOTH_PRINTER_SERVICES });
    } catch {
      throw new PrinterError('notChosen');
    }
  }
  if (!device?.gatt) throw new PrinterError('notChosen');
  const server = await device.gatt.connect();
  let writable: BluetoothCharacteristicLike | undefined;
  for (const service of await server.getPrimaryServices()) {
    writable = (await service.getCharacteristics()).find(
      (characteristic) => characteristic.properties.writeWithoutResponse || characteristic.properties.write,
    );
    if (writable) break;
  }
  if (!writable) throw new PrinterError('noEndpoint');
  const characteristic = writable;
  const gatt = device.gatt;
  return writeOnlyLink(
    async (bytes) => {
      const data = bytes as Uint8Array<ArrayBuffer>;
      if (characteristic.properties.writeWithoutResponse && characteristic.writeValueWithoutResponse) {
        await characteristic.writeValueWithoutResponse(data);
      } else if (characteristic.writeValueWithResponse) {
        await characteristic.writeValueWithResponse(data);
      } else {
        await characteristic.writeValue?.(data);
      }
    },
    async () => gatt.disconnect(),
  );
}

async function serialPrinterLink(ask: boolean): Promise<ByteLink> {
  let port: Awaited<ReturnType<typeof portFor>>;
  try {
    port = await portFor('printer', ask ? 'knownOrAsk' : 'known');
  } catch (error) {
    if (error instanceof NoWebSerialError) throw new PrinterError('unsupported');
    throw new PrinterError('notChosen');
  }
  if (!port) throw new PrinterError('notChosen');
  return openSerialLink(port, SERIAL_PRINTER);
}

/** The printer's link over `transport`; `ask`: on a click, the person may choose the printer. */
export function openPrinter(transport: PrinterTransport, { ask }: { ask: boolean }): Promise<ByteLink> {
  if (transport === 'usb') return usbLink(ask);
  if (transport === 'bluetooth') return bluetoothLink(ask);
  return serialPrinterLink(ask);
}

/** Chunk sizes each transport takes in one write. */
export const CHUNK_BYTES: Record<PrinterTransport, number> = { serial: 1024, usb: 4096, bluetooth: 180 };

/** Writes `bytes` to the printer in chunks of at most `chunk`, in order. */
export async function sendBytes(link: ByteLink, bytes: Uint8Array, chunk: number): Promise<void> {
  for (let start = 0; start < bytes.length; start += chunk) {
    await link.write(bytes.subarray(start, start + chunk));
  }
}

/** Opens the printer, sends the receipt's bytes, and closes it (the port is free again for the next). */
export async function printBytes(
  bytes: Uint8Array,
  transport: PrinterTransport,
  open: (transport: PrinterTransport, options: { ask: boolean }) => Promise<ByteLink> = openPrinter,
): Promise<void> {
  const link = await open(transport, { ask: true });
  try {
    await sendBytes(link, bytes, CHUNK_BYTES[transport]);
  } catch (error) {
    throw new PrinterError('failed', error instanceof Error ? error.message : String(error));
  } finally {
    await link.close();
  }
}
