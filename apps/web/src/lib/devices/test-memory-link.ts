/**
 * The in-memory double of a device link (tests only): what the code under test writes is kept,
 * and the test plays the device, sending bytes as a real one would (in split or joined chunks), or
 * answering each write with `answer`.
 */
import { asciiBytes, type ByteLink, bytesText } from './byte-link';

export interface MemoryLink extends ByteLink {
  /** Everything written, as text (one character per byte). */
  readonly written: string[];
  /** The device sends `data` (text is sent as its bytes). */
  send(data: string | Uint8Array): void;
  /** The device goes away (the cable pulled). */
  lose(error?: Error): void;
  readonly isClosed: boolean;
}

export function memoryLink({ answer }: { answer?: (written: string) => string | null } = {}): MemoryLink {
  const listeners = new Set<(bytes: Uint8Array) => void>();
  const written: string[] = [];
  let isClosed = false;
  let end: (value: Error | null) => void = () => undefined;
  const ended = new Promise<Error | null>((resolve) => {
    end = resolve;
  });
  const link: MemoryLink = {
    written,
    get isClosed() {
      return isClosed;
    },
    async write(bytes) {
      if (isClosed) throw new Error('closed');
      const text = bytesText(bytes);
      written.push(text);
      const reply = answer?.(text);
      if (reply) queueMicrotask(() => link.send(reply));
    },
    onData(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ended,
    async close() {
      isClosed = true;
      end(null);
    },
    send(data) {
      if (isClosed) return;
      const bytes = typeof data === 'string' ? asciiBytes(data) : data;
      for (const listener of [...listeners]) listener(bytes);
    },
    lose(error = new Error('The device has been lost.')) {
      isClosed = true;
      end(error);
    },
  };
  return link;
}

/** A manual clock for the reader: time moves only when the test says, and timers fire then. */
export function manualClock() {
  let now = 0;
  let timers: { at: number; every: number | null; run: () => void; id: number }[] = [];
  let nextId = 1;
  const add = (ms: number, run: () => void, repeat: boolean) => {
    const id = nextId++;
    timers.push({ at: now + ms, every: repeat ? ms : null, run, id });
    return () => {
      timers = timers.filter((timer) => timer.id !== id);
    };
  };
  return {
    now: () => now,
    every: (ms: number, run: () => void) => add(ms, run, true),
    after: (ms: number, run: () => void) => add(ms, run, false),
    /** Moves time on by `ms`, firing each timer due on the way, in order. */
    advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const due = timers.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        now = due.at;
        if (due.every === null) timers = timers.filter((timer) => timer.id !== due.id);
        else due.at += due.every;
        due.run();
      }
      now = until;
    },
  };
}
