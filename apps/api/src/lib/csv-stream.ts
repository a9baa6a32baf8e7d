/**
 * Long answers built in slices (issue 29, docs/decisions/0039-heavy-answers.md): a month's bills
 * register is 30,000 bills at a busy shop, and building it in one go held the event loop (every
 * other request waited) for seconds. Its builders read a page of rows, turn it into text, and give
 * the loop back before the next page; the answer is sent as a stream of those pieces.
 */
import { Readable } from 'node:stream';
import { csvLines } from '@mandi/shared/kernel';
import type { FastifyReply } from 'fastify';

/** Lets the callbacks waiting on the event loop run (other requests, timers) before going on. */
export const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** How many rows of a list already in memory are written between two yields. */
export const CSV_SLICE_ROWS = 1000;

/**
 * Sends `parts` (CSV text, in order) as a download named `filename`. Each part is written as it
 * comes, and the loop is given back between parts, so a large export holds it for one part at most.
 */
export function sendCsv(
  reply: FastifyReply,
  filename: string,
  parts: AsyncIterable<string> | Iterable<string>,
): FastifyReply {
  async function* slices() {
    for await (const part of parts) {
      if (part) yield part;
      await yieldToLoop();
    }
  }
  return reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${filename}"`)
    .send(Readable.from(slices(), { objectMode: false }));
}

/**
 * A whole CSV file (header, then rows) in pieces, `CSV_SLICE_ROWS` rows a piece; joined, they are
 * the kernel's `csvLines` of the header and the rows (with a byte order mark first when asked).
 */
export function* csvFile(
  header: readonly string[],
  rows: readonly (readonly (string | number)[])[],
  { byteOrderMark = false }: { byteOrderMark?: boolean } = {},
): Generator<string> {
  yield `${byteOrderMark ? '\uFEFF' : ''}${csvLines([header])}`;
  yield* csvSlices(rows);
}

/** Rows already in memory as CSV lines, `CSV_SLICE_ROWS` rows a piece. */
export function* csvSlices(rows: readonly (readonly (string | number)[])[]): Generator<string> {
  for (let start = 0; start < rows.length; start += CSV_SLICE_ROWS) {
    yield csvLines(rows.slice(start, start + CSV_SLICE_ROWS));
  }
}
