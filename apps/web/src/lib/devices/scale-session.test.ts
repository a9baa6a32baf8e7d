/**
 * The scale over Web Serial as a shop's browser has it: a port allowed before is opened again
 * without asking (getPorts), with the device's serial settings; the Toledo scale answers on Web
 * Streams; a scale that goes away is opened again once it is plugged back; a browser without Web
 * Serial says so.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { profileSettings } from './scale-profiles';
import { ScaleSession } from './scale-session';
import { installSerial, removeSerial, toledoPort } from './test-serial-port';

const settle = (session: ScaleSession, status: string) =>
  vi.waitFor(() => expect(session.get().status).toBe(status), { timeout: 2000 });

afterEach(() => {
  removeSerial();
  localStorage.clear();
});

describe('the scale session', () => {
  it('opens a port allowed before without asking, at 9600 7E1, and weighs', async () => {
    const { port, opened } = toledoPort(() => 1234);
    const serial = installSerial([port]);
    const session = new ScaleSession();
    session.acquire(profileSettings('toledo-8217'));
    await settle(session, 'connected');
    expect(serial.requestPort).not.toHaveBeenCalled();
    expect(opened).toEqual([expect.objectContaining({ baudRate: 9600, dataBits: 7, parity: 'even', stopBits: 1 })]);
    const connection = session.get();
    if (connection.status !== 'connected') throw new Error('not connected');
    await expect(connection.reader.nextSteady({ timeoutMs: 3000 })).resolves.toEqual({ grams: 1234, net: false });
    session.release();
  });

  it('asks for the port only on Connect when none was allowed, and remembers it', async () => {
    const serial = installSerial([]);
    const session = new ScaleSession();
    session.acquire(profileSettings('toledo-8217'));
    await settle(session, 'needsPort');
    const { port } = toledoPort(() => 500);
    serial.requestPort.mockResolvedValueOnce(port);
    await session.connect(profileSettings('toledo-8217'), { ask: true });
    expect(session.get().status).toBe('connected');
    expect(JSON.parse(localStorage.getItem('mandi-device-ports') ?? '{}')).toEqual({
      scale: { usbVendorId: 0x0403, usbProductId: 0x6001 },
    });
    session.release();
  });

  it('opens the port again with new settings, and again once an unplugged scale is back', async () => {
    const { port, opened } = toledoPort(() => 1000);
    const serial = installSerial([port]);
    const session = new ScaleSession();
    session.acquire(profileSettings('toledo-8217'));
    await settle(session, 'connected');
    await session.connect({ ...profileSettings('toledo-8217'), baudRate: 4800 }, { ask: false });
    expect(opened.map((options) => options.baudRate)).toEqual([9600, 4800]);
    port.unplug();
    await settle(session, 'lost');
    serial.plugIn();
    await settle(session, 'connected');
    expect(opened).toHaveLength(3);
    session.release();
  });

  it('says when the browser has no Web Serial', async () => {
    const session = new ScaleSession();
    session.acquire(profileSettings('adam'));
    await settle(session, 'unsupported');
    session.release();
  });
});
