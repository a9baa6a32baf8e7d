/**
 * A Web Serial double for tests: a port whose Web Streams answer `W` as a Toledo 8217 scale
 * holding `grams()` (moving while `moving()`), and `navigator.serial` answering it as allowed before.
 */
import { vi } from 'vitest';
import type { SerialOptions, SerialPortLike } from './web-apis';

export function toledoPort(grams: () => number, moving: () => boolean = () => false) {
  const opened: SerialOptions[] = [];
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const port = {
    readable: null as ReadableStream<Uint8Array> | null,
    writable: null as WritableStream<Uint8Array> | null,
    async open(options: SerialOptions) {
      if (port.readable) throw new DOMException('The port is already open.', 'InvalidStateError');
      opened.push(options);
      port.readable = new ReadableStream<Uint8Array>({
        start(control) {
          controller = control;
        },
      });
      port.writable = new WritableStream<Uint8Array>({
        write(chunk) {
          if (String.fromCharCode(...chunk) !== 'W') return;
          const answer = moving() ? '\x02?a\r' : `\x02${(grams() / 1000).toFixed(3).padStart(6, '0')}\r`;
          controller?.enqueue(Uint8Array.from(answer, (char) => char.charCodeAt(0)));
        },
      });
    },
    async close() {
      port.readable = null;
      port.writable = null;
    },
    /** The cable pulled: the read fails and the port has no streams. */
    unplug() {
      const failing = controller;
      port.readable = null;
      port.writable = null;
      failing?.error(new DOMException('The device has been lost.', 'NetworkError'));
    },
    getInfo: () => ({ usbVendorId: 0x0403, usbProductId: 0x6001 }),
  };
  return { port, opened };
}

/** `navigator.serial` with `ports` allowed before; `plugIn` tells the page a port came back. */
export function installSerial(ports: SerialPortLike[]) {
  const target = new EventTarget();
  const serial = {
    getPorts: vi.fn(async () => ports),
    requestPort: vi.fn(async () => {
      const first = ports[0];
      if (!first) throw new DOMException('No port selected by the user.', 'NotFoundError');
      return first;
    }),
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    plugIn: () => target.dispatchEvent(new Event('connect')),
  };
  Object.defineProperty(navigator, 'serial', { configurable: true, value: serial });
  return serial;
}

export const removeSerial = () => Reflect.deleteProperty(navigator, 'serial');
