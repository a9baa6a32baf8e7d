/** ESC/POS bytes to the printer: in order, in chunks each transport takes, the link closed after. */
import { describe, expect, it } from 'vitest';
import { bytesText } from './byte-link';
import { CHUNK_BYTES, PrinterError, printBytes, sendBytes } from './receipt-printer';
import { memoryLink } from './test-memory-link';

const receipt = () => {
  // ESC @ (initialise), text, a raster image's header, a cut (GS V 1): 1000 bytes in all.
  const bytes = new Uint8Array(1000).fill(0x41);
  bytes.set([0x1b, 0x40], 0);
  bytes.set([0x1d, 0x76, 0x30, 0x00], 100);
  bytes.set([0x1d, 0x56, 0x01], 997);
  return bytes;
};

describe('sending a receipt', () => {
  it('writes every byte in order, in chunks no larger than the transport takes', async () => {
    const link = memoryLink();
    await sendBytes(link, receipt(), CHUNK_BYTES.bluetooth);
    expect(link.written.map((chunk) => chunk.length)).toEqual([180, 180, 180, 180, 180, 100]);
    expect(link.written.join('')).toBe(bytesText(receipt()));
  });

  it('opens the printer of the device’s transport, prints, and closes it', async () => {
    const link = memoryLink();
    const opened: string[] = [];
    await printBytes(receipt(), 'usb', async (transport) => {
      opened.push(transport);
      return link;
    });
    expect(opened).toEqual(['usb']);
    expect(link.written).toHaveLength(1);
    expect(link.written[0]?.endsWith('\x1dV\x01')).toBe(true);
    expect(link.isClosed).toBe(true);
  });

  it('says when the printer fails mid-way, and still closes it', async () => {
    const link = memoryLink();
    link.write = async () => {
      throw new Error('The device was disconnected.');
    };
    const printing = printBytes(receipt(), 'serial', async () => link);
    await expect(printing).rejects.toBeInstanceOf(PrinterError);
    await expect(printing).rejects.toThrow('disconnected');
    expect(link.isClosed).toBe(true);
  });

  it('says when the browser has no such transport', async () => {
    await expect(printBytes(receipt(), 'bluetooth')).rejects.toMatchObject({ reason: 'unsupported' });
    await expect(printBytes(receipt(), 'usb')).rejects.toMatchObject({ reason: 'unsupported' });
    await expect(printBytes(receipt(), 'serial')).rejects.toMatchObject({ reason: 'unsupported' });
  });
});
