/**
 * Which allowed serial port is the scale and which the printer. A port once chosen (on a click:
 * the browser asks the person) is remembered by its USB ids, so the next visit opens it again
 * from `getPorts()` without asking. A browser without Web Serial says so.
 */
import { type SerialLike, type SerialPortInfo, type SerialPortLike, webSerial } from './web-apis';

export type PortRole = 'scale' | 'printer';

const PORTS_KEY = 'mandi-device-ports';

type Remembered = Partial<Record<PortRole, SerialPortInfo>>;

function remembered(): Remembered {
  try {
    return (JSON.parse(localStorage.getItem(PORTS_KEY) ?? '{}') as Remembered) ?? {};
  } catch {
    return {};
  }
}

function remember(role: PortRole, port: SerialPortLike): void {
  const info = port.getInfo?.() ?? {};
  try {
    localStorage.setItem(PORTS_KEY, JSON.stringify({ ...remembered(), [role]: info }));
  } catch {
    // Not remembered: the person chooses the port again next time.
  }
}

const sameInfo = (a: SerialPortInfo | undefined, b: SerialPortInfo) =>
  a !== undefined &&
  a.usbVendorId === b.usbVendorId &&
  a.usbProductId === b.usbProductId &&
  a.bluetoothServiceClassId === b.bluetoothServiceClassId;

export class NoWebSerialError extends Error {
  constructor() {
    super('This browser has no Web Serial');
  }
}

/**
 * How a port is found: `known` among the ports allowed before (the remembered one, or the only one
 * no other role has); `knownOrAsk` that, else the one the person picks (on a click); `ask` always
 * the one the person picks (to change it).
 */
export type PortChoice = 'known' | 'knownOrAsk' | 'ask';

/** The port for `role`, or null when none was allowed before and asking was not possible. */
export async function portFor(role: PortRole, choice: PortChoice): Promise<SerialPortLike | null> {
  const serial: SerialLike | undefined = webSerial();
  if (!serial) throw new NoWebSerialError();
  if (choice !== 'ask') {
    const ports = await serial.getPorts();
    const known = remembered();
    const mine = known[role];
    const other = known[role === 'scale' ? 'printer' : 'scale'];
    const match = mine && ports.find((port) => sameInfo(mine, port.getInfo?.() ?? {}));
    if (match) return match;
    const free = ports.filter((port) => !sameInfo(other, port.getInfo?.() ?? {}));
    // The only port allowed that the other role does not have is this role's from now on.
    if (free.length === 1 && free[0]) {
      remember(role, free[0]);
      return free[0];
    }
    if (choice === 'known') return null;
  }
  const port = await serial.requestPort();
  remember(role, port);
  return port;
}

/** Listens for serial ports plugged in (the scale back on its cable); returns a way to stop. */
export function onPortConnected(listener: () => void): () => void {
  const serial = webSerial();
  if (!serial?.addEventListener) return () => undefined;
  serial.addEventListener('connect', listener);
  return () => serial.removeEventListener?.('connect', listener);
}
