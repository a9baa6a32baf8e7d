/**
 * A transaction's statements answered without a turn of the main thread's event loop (decision
 * 0071). While a transaction is open nothing else may run in the embedded database, and each of its
 * statements used to wait twice for the main thread: for the answer to be picked up among the HTTP
 * work queued there, then for the next statement. Here the main thread, having sent a statement of
 * an open transaction, waits for its answer in shared memory (`Atomics.wait`), a bounded while;
 * the rest of the transaction then runs on as microtasks, before anything else on that thread.
 *
 * Only a statement of an open transaction (and its COMMIT) is waited for so: the database thread
 * runs it at once, under the transaction's own lock, needing nothing from the main thread. A
 * statement outside a transaction, or a BEGIN, may wait for another transaction, whose next
 * statement the blocked main thread could never send; those are answered by message, as before.
 *
 * One waiter at a time (the main thread), so one slot: `waiting` holds the id waited for; the
 * database thread claims it (`-id`) before writing the answer, the main thread takes it back (`0`)
 * when it stops waiting. Whoever wins decides how the answer travels: here, or by message.
 */

/** The shared words: the id waited for, the answer's state and its length. */
const WAITING = 0;
const STATE = 1;
const LENGTH = 2;
const WORDS = 3;

/** What the slot holds. */
const EMPTY = 0;
/** Bytes, `LENGTH` of them, after the words. */
const BYTES = 1;
/** The value `null` (a COMMIT's answer). */
const NOTHING = 2;
/** Sent by message instead (an error, or bytes too many for the slot). */
const BY_MESSAGE = 3;

/** An answer larger than this goes by message: a transaction's statements answer a few hundred bytes. */
export const ANSWER_SLOT_BYTES = 256 * 1024;

export interface AnswerSlot {
  words: Int32Array;
  bytes: Uint8Array;
}

/** The slot's memory, made by the main thread and handed to the database thread as it starts. */
export function createAnswerSlotBuffer(size = ANSWER_SLOT_BYTES): SharedArrayBuffer {
  return new SharedArrayBuffer(WORDS * 4 + size);
}

export function answerSlot(buffer: SharedArrayBuffer): AnswerSlot {
  return { words: new Int32Array(buffer, 0, WORDS), bytes: new Uint8Array(buffer, WORDS * 4) };
}

/** Main thread, before sending request `id`: the answer may come here. */
export function expectAnswer(slot: AnswerSlot, id: number): void {
  Atomics.store(slot.words, STATE, EMPTY);
  Atomics.store(slot.words, WAITING, id);
}

/** Main thread: nothing is waited for in the slot (a request that could not be sent). */
export function expectNothing(slot: AnswerSlot): void {
  Atomics.store(slot.words, WAITING, 0);
}

export type SlotAnswer = { answered: true; value: Uint8Array | null } | { answered: false };

/**
 * Main thread: waits up to `ms` for the answer to request `id`. Not answered here in time (or
 * answered by message), the caller waits for the message as for any other request.
 */
export function waitForAnswer(slot: AnswerSlot, id: number, ms: number): SlotAnswer {
  Atomics.wait(slot.words, STATE, EMPTY, ms);
  // Taken back unclaimed: the database thread will send it by message.
  if (Atomics.compareExchange(slot.words, WAITING, id, 0) === id) return { answered: false };
  // Claimed: the database thread is writing it, a copy away.
  Atomics.wait(slot.words, STATE, EMPTY);
  const state = Atomics.load(slot.words, STATE);
  Atomics.store(slot.words, WAITING, 0);
  if (state === NOTHING) return { answered: true, value: null };
  if (state === BYTES) return { answered: true, value: slot.bytes.slice(0, Atomics.load(slot.words, LENGTH)) };
  return { answered: false };
}

/**
 * Database thread: answers request `id` in the slot when the main thread is waiting for it there.
 * Returns false when the answer must go by message (nobody waiting, an error, too many bytes); the
 * main thread is then told so, and waits for the message.
 */
export function offerAnswer(slot: AnswerSlot, id: number, value: unknown): boolean {
  if (Atomics.compareExchange(slot.words, WAITING, id, -id) !== id) return false;
  let state = BY_MESSAGE;
  if (value === null) state = NOTHING;
  else if (value instanceof Uint8Array && value.length <= slot.bytes.length) {
    slot.bytes.set(value);
    Atomics.store(slot.words, LENGTH, value.length);
    state = BYTES;
  }
  Atomics.store(slot.words, STATE, state);
  Atomics.notify(slot.words, STATE);
  return state !== BY_MESSAGE;
}
