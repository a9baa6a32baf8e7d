/**
 * The shop's PDFs, made off the event loop (decision 0038). A render (pdfkit laying out and
 * subsetting Noto Sans) takes tens to hundreds of milliseconds of pure CPU; on the main thread it
 * held every other request up for as long. Here a few worker threads render, each with its fonts
 * parsed once; the main thread only reads the document's data and sends it over.
 *
 * - Workers start on the first render (a server that makes no PDF pays nothing for them), stop
 *   with the app (`close`), and a worker that dies is replaced: the job it held fails with a 503.
 * - A bounded queue: when it is full a request is refused at once (503, Retry-After) rather than
 *   waiting behind everyone else's documents.
 * - At most `maxPerOwner` renders in flight per shopper: the next one is refused (429,
 *   Retry-After), so one shopper's loop cannot take the pool from the others.
 * - Kept documents: a render asked with `keep` is kept by a hash of what it prints (kind, language
 *   and the document's data), in an LRU bounded by bytes; the same document again is served
 *   without rendering. Anything that changes what it prints changes the hash, so nothing can go
 *   stale. Identical renders in flight are made once. With a `store` (the database's drawn
 *   documents, decision 0052) a kept document is also written there and looked for there before
 *   rendering, so what one process drew every other serves.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ShopLanguage } from '@mandi/shared';
import { serverMessage } from '@mandi/shared/server-messages';
import { AppError } from './app-error.js';

/** A document for a worker: what to draw (`kind`), its plain data and its language. */
export interface PdfJob {
  kind: 'bill' | 'khata-statement';
  data: unknown;
  language: ShopLanguage;
}

/** What the worker entry answers for a job. */
export type PdfWorkerAnswer = { id: number; pdf: Uint8Array } | { id: number; error: string };

/** Kept documents shared by every process (the database's, `drawn-documents.ts`, decision 0052). */
export interface DrawnDocumentStore {
  /** The PDF kept under `key`, or null. */
  get(key: string): Promise<Buffer | null>;
  /** Keeps `pdf` under `key` (a key already kept stays as it is: same key, same bytes). */
  put(key: string, pdf: Buffer): Promise<void>;
}

export interface PdfRenderOptions {
  /** Who asked (a user id), counted against the per-owner limit; null for the shop's own work (the bill's mail). */
  owner: string | null;
  /** Keep the bytes and serve the same document from them next time (bills). */
  keep: boolean;
}

export interface PdfPoolStats {
  /** Renders started in a worker (or inline) since the pool was made. */
  renders: number;
  /** Documents served from the kept ones. */
  keptHits: number;
  /** Documents served from the store, drawn by another process (or by this one before its kept ones let them go). */
  storedHits: number;
  /** Workers that died (or were stopped after a job ran too long) and were replaced. */
  crashes: number;
  workers: number;
  queued: number;
  keptBytes: number;
}

export interface PdfRenderer {
  render(job: PdfJob, options: PdfRenderOptions): Promise<Buffer>;
  stats(): PdfPoolStats;
  /** The live worker threads (tests stop one to see the pool recover). */
  threads(): readonly Worker[];
  /** Stops the workers with nothing to draw now (the server fell quiet); the next job starts one again. */
  retireIdle(): void;
  close(): Promise<void>;
}

export interface PdfPoolOptions {
  /** Worker threads at most; 0 renders on the main thread (as before the pool; only for comparison). */
  workers: number;
  /** Jobs waiting for a worker at most, beyond those being rendered. */
  maxQueued: number;
  maxPerOwner: number;
  /** Bytes of kept documents at most; 0 keeps none. */
  keepBytes: number;
  /** The worker's entry: a `.js` file, or a `.ts` one (run through tsx, as the tests and `npm run dev` run the sources). */
  workerUrl: URL;
  /** Renders on the main thread when `workers` is 0. */
  renderInline: (job: PdfJob) => Promise<Uint8Array>;
  /** A job that runs longer than this stops its worker (a 503 for it, a new worker for the next). */
  jobTimeoutMs?: number;
  /** A worker that has had no job this long stops (the next job starts one again); never when absent. */
  idleStopMs?: number;
  /** Where a worker's death is told (the app's logger). */
  log?: { warn(details: object, message: string): void };
  /** Kept documents shared with the other processes; a failing store only means drawing again. */
  store?: DrawnDocumentStore;
}

/** Worker threads from the cores: one core stays for the event loop, and more than two is more memory than speed. */
export function defaultPdfWorkers(cores: number): number {
  return Math.max(1, Math.min(2, cores - 1));
}

/** PDF renders in flight per shopper: a bill and a statement at once, not a loop's worth. */
export const PDF_RENDERS_PER_SHOPPER = 2;
const RETRY_BUSY_SECONDS = 2;
const RETRY_OWNER_SECONDS = 1;

interface Task {
  id: number;
  job: PdfJob;
  resolve(pdf: Buffer): void;
  reject(error: unknown): void;
}

interface Slot {
  worker: Worker;
  task: Task | null;
  timer: NodeJS.Timeout | null;
  /** Stops the worker when it has had no job for `idleStopMs`. */
  idleTimer: NodeJS.Timeout | null;
  /** Stopped for having nothing to do: its exit is no crash. */
  isRetiring: boolean;
}

/** A small LRU of rendered documents, bounded by their bytes (a Map keeps insertion order). */
class KeptPdfs {
  private readonly entries = new Map<string, Buffer>();
  bytes = 0;
  constructor(private readonly maxBytes: number) {}

  get(key: string): Buffer | undefined {
    const pdf = this.entries.get(key);
    if (pdf) {
      this.entries.delete(key);
      this.entries.set(key, pdf);
    }
    return pdf;
  }

  set(key: string, pdf: Buffer): void {
    if (pdf.length > this.maxBytes / 4 || this.entries.has(key)) return;
    this.entries.set(key, pdf);
    this.bytes += pdf.length;
    for (const [oldest, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= old.length;
    }
  }
}

/** The same document, by what it prints: its kind, language and data as JSON (dates as ISO text). */
function documentKey(job: PdfJob): string {
  return createHash('sha256')
    .update(`${job.kind}\u0000${job.language}\u0000${JSON.stringify(job.data)}`)
    .digest('base64url');
}

/**
 * The worker for `url`. A `.ts` entry is loaded through tsx's loader, registered inside the new
 * thread first (a thread does not inherit the test runner's or tsx's hooks); the built server's
 * `.js` entry is loaded as it is.
 */
function startWorker(url: URL): Worker {
  if (!url.pathname.endsWith('.ts')) return new Worker(url);
  const require = createRequire(import.meta.url);
  const tsxDir = path.dirname(require.resolve('tsx/package.json'));
  const exportsMap = JSON.parse(fs.readFileSync(path.join(tsxDir, 'package.json'), 'utf8')).exports;
  const api = pathToFileURL(path.join(tsxDir, exportsMap['./esm/api'].import.default)).href;
  const bootstrap = `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); })`;
  return new Worker(bootstrap, { eval: true });
}

export function createPdfPool(options: PdfPoolOptions): PdfRenderer {
  const kept = new KeptPdfs(options.keepBytes);
  const inFlight = new Map<string, Promise<Buffer>>();
  const perOwner = new Map<string, number>();
  const queue: Task[] = [];
  const slots: Slot[] = [];
  const jobTimeoutMs = options.jobTimeoutMs ?? 30_000;
  const counts = { renders: 0, keptHits: 0, storedHits: 0, crashes: 0 };
  let nextId = 1;
  let closed = false;

  const failed = () => new AppError('unavailable', serverMessage('pdfRenderFailed'), { retryAfterSeconds: 1 });

  const finish = (slot: Slot) => {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.task = null;
  };

  /** Stops a worker with nothing to do: its fonts and V8 heap are the idle server's largest part. */
  const retire = (slot: Slot) => {
    if (slot.task || slot.isRetiring || closed) return;
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.isRetiring = true;
    const at = slots.indexOf(slot);
    if (at >= 0) slots.splice(at, 1);
    void slot.worker.terminate();
  };

  /** A worker with nothing to do stops after `idleStopMs`. */
  const retireWhenIdle = (slot: Slot) => {
    if (options.idleStopMs === undefined || slot.task || slot.isRetiring || closed) return;
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = setTimeout(() => retire(slot), options.idleStopMs);
    slot.idleTimer.unref();
  };

  const spawn = (): Slot => {
    const slot: Slot = {
      worker: startWorker(options.workerUrl),
      task: null,
      timer: null,
      idleTimer: null,
      isRetiring: false,
    };
    // An idle pool does not keep the process alive; a waiting request holds its socket open anyway.
    slot.worker.unref();
    slot.worker.on('message', (answer: PdfWorkerAnswer) => {
      const task = slot.task;
      if (!task || task.id !== answer.id) return;
      finish(slot);
      if ('pdf' in answer) task.resolve(Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength));
      else task.reject(new Error(`PDF render failed: ${answer.error}`));
      dispatch();
      retireWhenIdle(slot);
    });
    // An uncaught error ends the thread: 'exit' follows and does the rest.
    let lastError: string | undefined;
    slot.worker.on('error', (error) => {
      lastError = error.message;
    });
    slot.worker.on('exit', (exitCode) => {
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      if (slot.isRetiring) return;
      const task = slot.task;
      if (!closed)
        options.log?.warn(
          { exitCode, error: lastError, hadJob: task !== null },
          'PDF worker stopped; replaced on the next job',
        );
      finish(slot);
      const at = slots.indexOf(slot);
      if (at >= 0) slots.splice(at, 1);
      task?.reject(failed());
      if (closed) return;
      counts.crashes += 1;
      dispatch();
    });
    slots.push(slot);
    return slot;
  };

  const dispatch = () => {
    while (queue.length > 0 && !closed) {
      const slot = slots.find((one) => one.task === null) ?? (slots.length < options.workers ? spawn() : null);
      if (!slot) return;
      const task = queue.shift() as Task;
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      slot.idleTimer = null;
      slot.task = task;
      counts.renders += 1;
      slot.timer = setTimeout(() => void slot.worker.terminate(), jobTimeoutMs);
      slot.worker.postMessage({ id: task.id, job: task.job });
    }
  };

  const renderNow = (job: PdfJob): Promise<Buffer> => {
    if (options.workers === 0) {
      counts.renders += 1;
      return options.renderInline(job).then((pdf) => Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    }
    return new Promise<Buffer>((resolve, reject) => {
      queue.push({ id: nextId++, job, resolve, reject });
      dispatch();
    });
  };

  /** The document kept under `key`, or the drawing of it in flight; null when neither. */
  const keptOrDrawing = (key: string): Buffer | Promise<Buffer> | null => {
    const pdf = kept.get(key);
    if (pdf) {
      counts.keptHits += 1;
      return pdf;
    }
    return inFlight.get(key) ?? null;
  };

  return {
    async render(job, { owner, keep }) {
      const key = keep && options.keepBytes > 0 ? documentKey(job) : null;
      const { store, log } = options;
      if (key) {
        const ready = keptOrDrawing(key);
        if (ready) return ready;
        if (store) {
          // Drawn already (by another process, or here before the kept ones let it go): served
          // whatever the queue and the asker's limits, as a kept one is. A failing store means drawing.
          const stored = await store.get(key).catch(() => null);
          if (stored) {
            counts.storedHits += 1;
            kept.set(key, stored);
            return stored;
          }
          // While it looked, another ask may have drawn it or begun to.
          const readyMeanwhile = keptOrDrawing(key);
          if (readyMeanwhile) return readyMeanwhile;
        }
      }
      if (closed) throw failed();
      const ownerCount = owner ? (perOwner.get(owner) ?? 0) : 0;
      if (owner && ownerCount >= options.maxPerOwner) {
        throw new AppError('tooManyRequests', serverMessage('pdfTooManyAtOnce', { max: options.maxPerOwner }), {
          retryAfterSeconds: RETRY_OWNER_SECONDS,
        });
      }
      // The shop's own renders (the bill's mail, delivered one at a time) wait their turn instead.
      if (owner && options.workers > 0 && queue.length >= options.maxQueued) {
        throw new AppError('unavailable', serverMessage('pdfBusy'), { retryAfterSeconds: RETRY_BUSY_SECONDS });
      }
      if (owner) perOwner.set(owner, ownerCount + 1);
      const rendering = renderNow(job).finally(() => {
        if (key) inFlight.delete(key);
        if (owner) {
          const left = (perOwner.get(owner) ?? 1) - 1;
          if (left > 0) perOwner.set(owner, left);
          else perOwner.delete(owner);
        }
      });
      if (key) inFlight.set(key, rendering);
      const pdf = await rendering;
      if (key) {
        kept.set(key, pdf);
        // Not waited for: the asker has the bytes; the other processes find them a moment later.
        store?.put(key, pdf).catch((error) => log?.warn({ err: error }, 'drawn PDF not kept in the database'));
      }
      return pdf;
    },
    stats() {
      return { ...counts, workers: slots.length, queued: queue.length, keptBytes: kept.bytes };
    },
    threads() {
      return slots.map((slot) => slot.worker);
    },
    retireIdle() {
      for (const slot of [...slots]) retire(slot);
    },
    async close() {
      closed = true;
      for (const task of queue.splice(0)) task.reject(failed());
      await Promise.all(slots.map((slot) => slot.worker.terminate()));
    },
  };
}
