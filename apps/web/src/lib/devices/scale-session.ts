/**
 * The page's one scale connection, shared by the screens that weigh (the counter, packing, the
 * device settings): opened with the device's scale settings on a port allowed before (no question
 * asked), or on a click that lets the person choose it; opened again with other settings when they
 * change; waiting for the cable when the scale goes away; closed shortly after the last screen
 * using it has gone (a move from one screen to the other keeps it open).
 */
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { ByteLink } from './byte-link';
import type { ScaleSettings } from './scale-profiles';
import { ScaleReader, type ScaleState } from './scale-reader';
import { openSerialLink } from './serial-link';
import { NoWebSerialError, onPortConnected, portFor } from './serial-ports';

export type ScaleConnection =
  | { status: 'off' }
  /** The browser has no Web Serial: weights are typed. */
  | { status: 'unsupported' }
  /** No port allowed yet: a click on Connect lets the person choose it. */
  | { status: 'needsPort' }
  | { status: 'connecting' }
  | { status: 'connected'; reader: ScaleReader }
  | { status: 'failed'; message: string }
  /** The scale went away (its cable or power): it is opened again when it is back. */
  | { status: 'lost' };

const RELEASE_AFTER_MS = 3000;

const keyOf = (settings: ScaleSettings) => JSON.stringify(settings);

export class ScaleSession {
  private connection: ScaleConnection = { status: 'off' };
  private readonly listeners = new Set<() => void>();
  private settings: ScaleSettings | null = null;
  private link: ByteLink | null = null;
  private queue: Promise<void> = Promise.resolve();
  private users = 0;
  private releaseTimer: ReturnType<typeof setTimeout> | null = null;
  private stopWatching: (() => void) | null = null;

  readonly get = (): ScaleConnection => this.connection;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** A screen starts using the scale with `settings` (opened without asking, if a port was allowed). */
  acquire(settings: ScaleSettings): void {
    this.users += 1;
    if (this.releaseTimer) clearTimeout(this.releaseTimer);
    this.releaseTimer = null;
    void this.connect(settings, { ask: false });
  }

  release(): void {
    this.users = Math.max(0, this.users - 1);
    if (this.users > 0) return;
    this.releaseTimer = setTimeout(() => {
      this.releaseTimer = null;
      if (this.users === 0) void this.run(() => this.close());
    }, RELEASE_AFTER_MS);
  }

  /**
   * Opens the scale with `settings` (again, if they changed); `ask`: on a click, the person may
   * choose the port (a port allowed before is taken without asking, unless `choose`).
   */
  connect(settings: ScaleSettings, { ask, choose = false }: { ask: boolean; choose?: boolean }): Promise<void> {
    return this.run(async () => {
      const same = this.settings !== null && keyOf(this.settings) === keyOf(settings);
      if (
        same &&
        !choose &&
        (this.connection.status === 'connected' || (!ask && this.connection.status === 'unsupported'))
      ) {
        return;
      }
      await this.close();
      this.settings = settings;
      this.set({ status: 'connecting' });
      try {
        const port = await portFor('scale', choose ? 'ask' : ask ? 'knownOrAsk' : 'known');
        if (!port) {
          this.set({ status: 'needsPort' });
          this.watchForPort();
          return;
        }
        const link = await openSerialLink(port, {
          baudRate: settings.baudRate,
          dataBits: settings.dataBits,
          parity: settings.parity,
          stopBits: settings.stopBits,
        });
        const reader = new ScaleReader(link, settings);
        reader.start();
        this.link = link;
        this.set({ status: 'connected', reader });
        void link.ended.then((error) => {
          if (this.link !== link) return;
          reader.stop();
          this.link = null;
          if (error) {
            this.set({ status: 'lost' });
            this.watchForPort();
          }
        });
      } catch (error) {
        if (error instanceof NoWebSerialError) this.set({ status: 'unsupported' });
        // The person closed the port chooser without choosing.
        else if (error instanceof Error && error.name === 'NotFoundError') this.set({ status: 'needsPort' });
        else this.set({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
      }
    });
  }

  /** Closes the scale now, whoever uses it (a test's clean slate). */
  reset(): Promise<void> {
    this.users = 0;
    if (this.releaseTimer) clearTimeout(this.releaseTimer);
    this.releaseTimer = null;
    return this.run(() => this.close());
  }

  /** When a port is plugged in, the scale is opened again with the same settings (no question asked). */
  private watchForPort(): void {
    this.stopWatching?.();
    this.stopWatching = onPortConnected(() => {
      const settings = this.settings;
      if (settings && this.users > 0) void this.connect(settings, { ask: false });
    });
  }

  private async close(): Promise<void> {
    this.stopWatching?.();
    this.stopWatching = null;
    if (this.connection.status === 'connected') this.connection.reader.stop();
    const link = this.link;
    this.link = null;
    this.settings = null;
    this.set({ status: 'off' });
    await link?.close().catch(() => undefined);
  }

  private run(step: () => Promise<void>): Promise<void> {
    const next = this.queue.then(step);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private set(connection: ScaleConnection): void {
    this.connection = connection;
    for (const listener of [...this.listeners]) listener();
  }
}

/** The page's scale. */
export const scaleSession = new ScaleSession();

/**
 * The scale for a screen: its connection (opened with `settings` while the screen is shown; null
 * settings: no scale) and Connect, which may ask the person for the port.
 */
export function useScale(settings: ScaleSettings | null): {
  connection: ScaleConnection;
  /** Connect (a click): a port allowed before, else the one the person picks; `choose`: pick another. */
  connect: (choose?: boolean) => Promise<void>;
} {
  const connection = useSyncExternalStore(scaleSession.subscribe, scaleSession.get, scaleSession.get);
  const key = settings ? keyOf(settings) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the settings are followed by their key.
  useEffect(() => {
    if (!settings) return;
    scaleSession.acquire(settings);
    return () => scaleSession.release();
  }, [key]);
  return {
    connection: settings ? connection : { status: 'off' },
    connect: (choose = false) => (settings ? scaleSession.connect(settings, { ask: true, choose }) : Promise.resolve()),
  };
}

const NO_STATE: ScaleState = { reading: null, steady: false, at: 0, lines: [] };

/** What the scale reads now (re-rendered on each reading: use it in a small component). */
export function useScaleState(reader: ScaleReader | null): ScaleState {
  const subscribe = useCallback(
    (listener: () => void) => (reader ? reader.subscribe(listener) : () => undefined),
    [reader],
  );
  const read = () => reader?.state ?? NO_STATE;
  return useSyncExternalStore(subscribe, read, read);
}
