/**
 * A stand-in PDF worker for the pool's own tests (lib/pdf-pool.test.ts): a job's data says how
 * long to take, what bytes to answer, whether to throw, or whether to die.
 */
import { parentPort } from 'node:worker_threads';

parentPort.on('message', ({ id, job }) => {
  const { waitMs = 0, text = '', fail = false, die = false } = job.data;
  setTimeout(() => {
    if (die) process.exit(3);
    if (fail) {
      parentPort.postMessage({ id, error: 'drawing failed' });
      return;
    }
    const pdf = new TextEncoder().encode(`${text}:${job.language}`);
    parentPort.postMessage({ id, pdf }, [pdf.buffer]);
  }, waitMs);
});
