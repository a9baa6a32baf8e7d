/**
 * A scale read over a byte link: it asks for a weight every `pollMs` (a scale that streams needs no
 * asking), decodes the answers with the profile, judges each reading's steadiness, keeps the last
 * raw lines (for the settings page) and tells its listeners. `nextSteady` is the Weigh button: the
 * first steady weight above zero read after the press.
 */
import { type ByteLink, bytesText } from './byte-link';
import { type ScaleProtocol, type ScaleReading, type ScaleSettings, scaleProtocol } from './scale-profiles';
import { stabilityJudge } from './scale-stability';

export const POLL_MS = 200;
const KEPT_LINES = 12;

export interface ScaleState {
  reading: ScaleReading | null;
  /** The reading is a steady weight that may be taken. */
  steady: boolean;
  /** When it was read (the clock's ms). */
  at: number;
  /** The last raw records or lines, newest last. */
  lines: readonly string[];
}

export interface Clock {
  now(): number;
  every(ms: number, run: () => void): () => void;
  after(ms: number, run: () => void): () => void;
}

export const browserClock: Clock = {
  now: () => performance.now(),
  every: (ms, run) => {
    const id = setInterval(run, ms);
    return () => clearInterval(id);
  },
  after: (ms, run) => {
    const id = setTimeout(run, ms);
    return () => clearTimeout(id);
  },
};

/** Why a weighing ended without a weight. */
export class WeighingError extends Error {
  constructor(readonly reason: 'timeout' | 'cancelled' | 'closed' | 'unsupported') {
    super(`weighing ${reason}`);
  }
}

export interface SteadyWeight {
  grams: number;
  net: boolean;
}

export class ScaleReader {
  private readonly protocol: ScaleProtocol;
  private readonly decode: (text: string) => { readings: ScaleReading[]; lines: string[] };
  private readonly judge = stabilityJudge();
  private readonly listeners = new Set<(state: ScaleState) => void>();
  private readonly closedListeners = new Set<() => void>();
  private stops: (() => void)[] = [];
  private current: ScaleState = { reading: null, steady: false, at: 0, lines: [] };
  private isClosed = false;

  constructor(
    private readonly link: ByteLink,
    settings: ScaleSettings,
    private readonly clock: Clock = browserClock,
    private readonly pollMs = POLL_MS,
  ) {
    this.protocol = scaleProtocol(settings);
    this.decode = this.protocol.decoder();
  }

  /** Starts listening (and asking, for a scale that is asked). */
  start(): void {
    this.stops.push(this.link.onData((bytes) => this.receive(bytesText(bytes))));
    const poll = this.protocol.poll;
    if (poll) {
      const ask = () => void this.link.write(poll).catch(() => undefined);
      ask();
      this.stops.push(this.clock.every(this.pollMs, ask));
    }
    void this.link.ended.then(() => this.stop());
  }

  get state(): ScaleState {
    return this.current;
  }

  get canTare(): boolean {
    return this.protocol.tare !== null;
  }

  get canZero(): boolean {
    return this.protocol.zero !== null;
  }

  subscribe(listener: (state: ScaleState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async tare(): Promise<void> {
    if (!this.protocol.tare) throw new WeighingError('unsupported');
    await this.link.write(this.protocol.tare);
  }

  async zero(): Promise<void> {
    if (!this.protocol.zero) throw new WeighingError('unsupported');
    await this.link.write(this.protocol.zero);
  }

  /**
   * The first steady weight above zero read after this call (one poll later at most when the scale
   * is steady already: a reading from before the press may be the goods taken off). Rejects with a
   * WeighingError after `timeoutMs`, on `signal`'s abort, or when the link ends.
   */
  nextSteady({ signal, timeoutMs = 15_000 }: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<SteadyWeight> {
    return new Promise((resolve, reject) => {
      const done: (() => void)[] = [];
      const finish = () => {
        for (const stop of done) stop();
      };
      if (this.isClosed) {
        reject(new WeighingError('closed'));
        return;
      }
      done.push(
        this.subscribe((state) => {
          const weight = takeable(state);
          if (weight) {
            finish();
            resolve(weight);
          }
        }),
      );
      const closed = () => {
        finish();
        reject(new WeighingError('closed'));
      };
      this.closedListeners.add(closed);
      done.push(() => this.closedListeners.delete(closed));
      done.push(
        this.clock.after(timeoutMs, () => {
          finish();
          reject(new WeighingError('timeout'));
        }),
      );
      if (signal) {
        const abort = () => {
          finish();
          reject(new WeighingError('cancelled'));
        };
        if (signal.aborted) abort();
        signal.addEventListener('abort', abort, { once: true });
        done.push(() => signal.removeEventListener('abort', abort));
      }
    });
  }

  /** Stops asking and listening (the link is its owner's to close). */
  stop(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    for (const stop of this.stops) stop();
    this.stops = [];
    for (const closed of [...this.closedListeners]) closed();
  }

  private receive(text: string): void {
    const { readings, lines } = this.decode(text);
    const kept = lines.length ? [...this.current.lines, ...lines].slice(-KEPT_LINES) : this.current.lines;
    if (readings.length === 0) {
      if (kept !== this.current.lines) this.publish({ ...this.current, lines: kept });
      return;
    }
    const at = this.clock.now();
    let state = this.current;
    for (const reading of readings) {
      state = { reading, steady: this.judge.judge(reading, at), at, lines: kept };
    }
    this.publish(state);
  }

  private publish(state: ScaleState): void {
    this.current = state;
    for (const listener of [...this.listeners]) listener(state);
  }
}

/** A steady weight above zero, or null. */
function takeable(state: ScaleState): SteadyWeight | null {
  const { reading } = state;
  if (!state.steady || reading?.kind !== 'weight' || reading.grams <= 0) return null;
  return { grams: reading.grams, net: reading.net };
}
