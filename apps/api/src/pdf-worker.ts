/**
 * A worker thread of the PDF pool (decision 0038): renders the jobs the main thread sends, one at
 * a time, and sends the bytes back (moved, not copied). pdfkit, the drawing code and the fonts are
 * loaded once per worker, when it starts; a render that throws answers with its error and the
 * worker goes on.
 */
import fs from 'node:fs';
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { parseFonts } from './lib/pdf/pdf-canvas.js';
import type { PdfJob, PdfWorkerAnswer } from './lib/pdf-pool.js';
import { warmUpBillRendering } from './modules/billing/billing.pdf-warm-up.js';
import { renderPdfJob } from './pdf-jobs.js';

const port = parentPort;
if (!port) throw new Error('pdf-worker.ts runs as a worker thread of the PDF pool');

/**
 * This thread runs at a lower priority than the event loop (Linux: a thread's id is its own
 * scheduling entity, `/proc/thread-self` names it): when the cores are busy, the requests of the
 * shop go before the documents being drawn. Elsewhere, or when not allowed, it runs as it is.
 */
function lowerPriority(): void {
  try {
    const threadId = Number(fs.readlinkSync('/proc/thread-self').split('/').at(-1));
    if (Number.isInteger(threadId) && threadId > 0) os.setPriority(threadId, 5);
  } catch {
    // Not Linux, or not permitted: same priority as the rest of the process.
  }
}

lowerPriority();
// The fonts are parsed, and a few sample bills drawn, before the first job is read: a job sent
// meanwhile waits in the port's queue, and then meets compiled code.
parseFonts();
await warmUpBillRendering();

port.on('message', async ({ id, job }: { id: number; job: PdfJob }) => {
  let answer: PdfWorkerAnswer;
  try {
    const rendered = await renderPdfJob(job);
    // A buffer of its own, so it can be moved to the main thread without copying.
    const pdf =
      rendered.byteOffset === 0 && rendered.byteLength === rendered.buffer.byteLength
        ? new Uint8Array(rendered.buffer, 0, rendered.byteLength)
        : new Uint8Array(rendered);
    answer = { id, pdf };
    port.postMessage(answer, [answer.pdf.buffer as ArrayBuffer]);
  } catch (error) {
    answer = { id, error: error instanceof Error ? error.message : String(error) };
    port.postMessage(answer);
  }
});
