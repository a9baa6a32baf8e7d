/**
 * A Web Serial port as a ByteLink: opened with the device's settings, read in a loop (a parity or
 * framing error costs only that chunk: the port gives a new stream), written one write at a time,
 * and closed with its locks released so it can be opened again (with other settings, or by the
 * printer). A port that disappears (the cable pulled) ends the link with the error.
 */
import type { ByteLink } from './byte-link';
import type { SerialOptions, SerialPortLike } from './web-apis';

export async function openSerialLink(port: SerialPortLike, options: SerialOptions): Promise<ByteLink> {
  await port.open({ bufferSize: 4096, flowControl: 'none', ...options });
  const listeners = new Set<(bytes: Uint8Array) => void>();
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  let closing = false;
  let writing: Promise<void> = Promise.resolve();

  const readLoop = async (): Promise<Error | null> => {
    while (!closing && port.readable) {
      reader = port.readable.getReader();
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          if (value?.length) for (const listener of [...listeners]) listener(value);
        }
      } catch (error) {
        // A lost device leaves no readable stream; other errors (parity, framing, break) go on.
        if (!port.readable && !closing) return error instanceof Error ? error : new Error(String(error));
      } finally {
        reader.releaseLock();
        reader = null;
      }
    }
    return null;
  };
  const ended = readLoop();

  return {
    write(bytes) {
      const next = writing.then(async () => {
        const writable = port.writable;
        if (!writable) throw new Error('the serial port is closed');
        const writer = writable.getWriter();
        try {
          await writer.write(bytes);
        } finally {
          writer.releaseLock();
        }
      });
      writing = next.catch(() => undefined);
      return next;
    },
    onData(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ended,
    async close() {
      if (closing) return;
      closing = true;
      await reader?.cancel().catch(() => undefined);
      await ended.catch(() => undefined);
      await writing;
      await port.close().catch(() => undefined);
    },
  };
}
