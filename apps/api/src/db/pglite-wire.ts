/**
 * Statements sent to the database thread as PostgreSQL's own protocol (decision 0070). PGlite's
 * `query` runs each statement as six calls into its WebAssembly (parse, describe, bind, describe,
 * execute, sync: PostgreSQL parses and plans the text every time) and then parses the reply into
 * rows, all on the database thread, which is the embedded shop's one queue. Here the thread only
 * runs the bytes it is given:
 * - each statement text is prepared once as a named statement (PostgreSQL keeps its parse and,
 *   after a few runs, its plan), its parameter types and row description kept on this side;
 * - a run is one message (Bind, Execute, Sync) built here with PGlite's own serializers, and the
 *   reply comes back as bytes, parsed here into PGlite's `Results` with PGlite's own parsers.
 * Same rows, same errors (PostgreSQL's `DatabaseError`, with the query, as PGlite throws it), same
 * transactions (the thread runs the bytes under PGlite's locks).
 */
import { parse, protocol, type QueryOptions, type Results, types } from '@electric-sql/pglite';

type BackendMessage = Parameters<Parameters<InstanceType<typeof protocol.Parser>['parse']>[1]>[0];
type RowDescription = InstanceType<typeof protocol.messages.RowDescriptionMessage>;
type Parser = (text: string, typeId?: number) => unknown;
type Serializer = (value: unknown) => unknown;

/**
 * Runs protocol messages on the database thread: in transaction `tx` (0: none, after any open one).
 * `label` names them in `PGLITE_PROFILE`'s tallies: the statement's text, `PREPARE` and its text
 * the first time, `CLOSE` for a statement closed to make room.
 */
export type ProtocolRunner = (bytes: Uint8Array, tx: number, label: string) => Promise<Uint8Array>;

interface PreparedStatement {
  name: string;
  paramTypes: number[];
  /** Null for a statement that returns no rows (PostgreSQL's NoData). */
  rows: RowDescription | null;
  /** Its columns as PGlite's results name them, their names, and the parser of each (PGlite's, by type). */
  fields: { name: string; dataTypeID: number }[];
  names: string[];
  columnParsers: (Parser | undefined)[];
}

/** A statement text kept prepared. */
interface Kept {
  /** The transaction it is being prepared in (0: none). */
  tx: number;
  pending: Promise<PreparedStatement>;
  /** Once prepared. */
  statement: PreparedStatement | null;
  /** Runs between finding it and their answer: such a statement is not closed to make room. */
  users: number;
}

/**
 * Statement texts kept prepared at most. The shop's statements are a few hundred texts (drizzle
 * writes a list of n values as n parameters, so a text per length); the least recently used is
 * closed beyond this, so PostgreSQL's memory for plans stays bounded.
 */
export const MAX_PREPARED_STATEMENTS = 300;

/** PostgreSQL's codes for a prepared statement that must be made again (a table changed under it, or gone). */
const PREPARE_AGAIN = new Set(['0A000', '26000']);

/** Statement names, unique in the process (one database has one set of statements, tests open several). */
let lastName = 0;

/** The buffer holding exactly `bytes`, to move to another thread: never one they only share. */
export function movableBuffer(bytes: Uint8Array): ArrayBuffer {
  const { buffer } = bytes;
  if (!(buffer instanceof ArrayBuffer) || bytes.byteOffset !== 0 || bytes.byteLength !== buffer.byteLength) {
    throw new Error('Protocol bytes to move must have a buffer of their own');
  }
  return buffer;
}

/** The parts one after another, in a buffer of their own (one part: itself). */
export function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0] as Uint8Array;
  let length = 0;
  for (const part of parts) length += part.length;
  const whole = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}

/** The protocol's message types a run's reply is read from here; any other goes to PGlite's parser. */
const BIND_COMPLETE = 0x32; // '2'
const CLOSE_COMPLETE = 0x33; // '3'
const COMMAND_COMPLETE = 0x43; // 'C'
const DATA_ROW = 0x44; // 'D'
const READY_FOR_QUERY = 0x5a; // 'Z'
/** Commands whose count PGlite adds up as `affectedRows` (its parseResults). */
const AFFECTING = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/**
 * A run's reply read straight into PGlite's `Results`, as `parse.parseResults` makes them from its
 * parser's messages, without that parser's copies: it copies every field into a buffer of its own
 * before decoding it, and builds each row with `Object.fromEntries`. That was a sixth of the main
 * thread's time at the peak. Null when the reply holds anything but bind, rows, command and ready
 * (an error, a notice): those are read by PGlite's parser, as before.
 */
function readRunReply<T>(
  reply: Uint8Array,
  statement: Pick<PreparedStatement, 'fields' | 'names' | 'columnParsers'>,
  options: QueryOptions | undefined,
  parsers: Record<number, Parser>,
): Results<T> | null {
  const bytes = Buffer.from(reply.buffer, reply.byteOffset, reply.byteLength);
  const { fields, names } = statement;
  const columnParsers = options?.parsers
    ? fields.map(
        ({ dataTypeID }) =>
          (options.parsers?.[dataTypeID] as Parser | undefined) ??
          parsers[dataTypeID] ??
          (types.parsers as Record<number, Parser>)[dataTypeID],
      )
    : statement.columnParsers;
  const isArray = options?.rowMode === 'array';
  const rows: unknown[] = [];
  let result: Results<T> | null = null;
  let affectedRows = 0;
  let at = 0;
  while (at + 5 <= bytes.length) {
    const type = bytes[at] as number;
    const end = at + 1 + bytes.readInt32BE(at + 1);
    let next = at + 5;
    if (type === DATA_ROW) {
      const count = bytes.readInt16BE(next);
      next += 2;
      if (count !== names.length) return null;
      const values: unknown[] | Record<string, unknown> = isArray ? new Array(count) : {};
      for (let column = 0; column < count; column++) {
        const length = bytes.readInt32BE(next);
        next += 4;
        let value: unknown = null;
        if (length >= 0) {
          // TextDecoder (PGlite's) drops a leading byte-order mark; Buffer's decoding keeps it.
          const from =
            length >= 3 && bytes[next] === 0xef && bytes[next + 1] === 0xbb && bytes[next + 2] === 0xbf ? 3 : 0;
          const text = bytes.toString('utf8', next + from, next + length);
          next += length;
          const parser = columnParsers[column];
          value = parser ? parser(text, fields[column]?.dataTypeID) : text;
        }
        if (isArray) (values as unknown[])[column] = value;
        else (values as Record<string, unknown>)[names[column] as string] = value;
      }
      rows.push(values);
    } else if (type === COMMAND_COMPLETE) {
      const text = bytes.toString('utf8', next, end - 1);
      const words = text.split(' ');
      const command = words[0] as string;
      const count = Number.parseInt(words[words.length - 1] as string, 10);
      if (AFFECTING.has(command)) affectedRows += count;
      // The first command's answer is the one a query answers.
      result ??= {
        rows: rows as T[],
        fields,
        command,
        affectedRows,
        ...(Number.isNaN(count) ? {} : { rowCount: count }),
      } as Results<T>;
    } else if (type !== BIND_COMPLETE && type !== READY_FOR_QUERY && type !== CLOSE_COMPLETE) {
      return null;
    }
    at = end;
  }
  if (at !== bytes.length) return null;
  return result ?? ({ affectedRows: 0, rows: [], fields: [] } as unknown as Results<T>);
}

function messagesOf(reply: Uint8Array): BackendMessage[] {
  const messages: BackendMessage[] = [];
  new protocol.Parser().parse(reply, (message) => messages.push(message));
  return messages;
}

function databaseErrorIn(messages: BackendMessage[]) {
  for (const message of messages) if (message instanceof protocol.messages.DatabaseError) return message;
  return null;
}

/** As PGlite's own query throws it (`makePGliteError`): PostgreSQL's error with the statement on it. */
function asPgliteError(
  error: InstanceType<typeof protocol.messages.DatabaseError>,
  query: string,
  params: unknown[],
  options: QueryOptions | undefined,
) {
  return Object.assign(error, { query, params, queryOptions: options });
}

export interface WireStatements {
  /** PGlite's `query`, in transaction `tx` (0: none). */
  query<T>(sql: string, params: unknown[], options: QueryOptions | undefined, tx: number): Promise<Results<T>>;
  /** How many statement texts are prepared now (tests). */
  readonly preparedCount: number;
}

/**
 * The statements of one database thread. PGlite's parsers and serializers, with its array types
 * added as PGlite adds them when it opens: read from the database here, once, before any statement.
 */
export async function openWireStatements(
  run: ProtocolRunner,
  maxPrepared = MAX_PREPARED_STATEMENTS,
): Promise<WireStatements> {
  const parsers: Record<number, Parser> = { ...(types.parsers as Record<number, Parser>) };
  const serializers: Record<number, Serializer> = { ...(types.serializers as Record<number, Serializer>) };
  const kept = new Map<string, Kept>();

  /** No longer kept for `key` (unless prepared again meanwhile), and closed in the database. */
  const forget = (key: string, entry: Kept) => {
    if (kept.get(key) === entry) kept.delete(key);
    if (!entry.statement) return;
    // Outside any transaction, after whatever is open; nobody waits for it. A close that fails (the
    // database closing) leaves a statement nobody will run.
    run(
      concat([protocol.serialize.close({ type: 'S', name: entry.statement.name }), protocol.serialize.sync()]),
      0,
      'CLOSE a prepared statement',
    ).catch(() => {});
  };

  /** Beyond the limit, the least recently used statements nobody is running are closed. */
  const makeRoom = () => {
    for (const [key, entry] of kept) {
      if (kept.size <= maxPrepared) return;
      if (entry.statement && entry.users === 0) forget(key, entry);
    }
  };

  const prepare = async (
    name: string,
    sql: string,
    paramTypes: number[] | undefined,
    tx: number,
  ): Promise<PreparedStatement> => {
    const reply = await run(
      concat([
        protocol.serialize.parse({ name, text: sql, types: paramTypes }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      tx,
      `PREPARE ${sql}`,
    );
    const messages = messagesOf(reply);
    const error = databaseErrorIn(messages);
    if (error) throw error;
    let parameterTypes: number[] = [];
    let rows: RowDescription | null = null;
    for (const message of messages) {
      if (message instanceof protocol.messages.ParameterDescriptionMessage) parameterTypes = message.dataTypeIDs;
      else if (message instanceof protocol.messages.RowDescriptionMessage) rows = message;
    }
    const fields = rows ? rows.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID })) : [];
    // The array types' parsers are added once the database is open: looked up as each statement is made.
    const columnParsers = fields.map(
      ({ dataTypeID }) => parsers[dataTypeID] ?? (types.parsers as Record<number, Parser>)[dataTypeID],
    );
    return { name, paramTypes: parameterTypes, rows, fields, names: fields.map((field) => field.name), columnParsers };
  };

  const keep = (key: string, sql: string, paramTypes: number[] | undefined, tx: number): Kept => {
    lastName += 1;
    const entry: Kept = { tx, pending: prepare(`mandi_${lastName}`, sql, paramTypes, tx), statement: null, users: 0 };
    entry.pending.then(
      (statement) => {
        entry.statement = statement;
      },
      () => {
        if (kept.get(key) === entry) kept.delete(key);
      },
    );
    kept.set(key, entry);
    return entry;
  };

  /**
   * The statement to run `sql` with, and what to call once its answer is in. A text is prepared
   * once and shared, with one exception: a statement being prepared outside this caller's
   * transaction. Inside a transaction it cannot be waited for (it waits for the transaction to
   * end), so it is prepared for this run alone (and closed in the same message as the run);
   * outside, it is waited for, and prepared anew if it failed (in its transaction, for its
   * transaction's reasons).
   */
  const statementFor = async (sql: string, paramTypes: number[] | undefined, tx: number) => {
    const key = paramTypes ? `${paramTypes.join(',')}\u0000${sql}` : sql;
    let entry = kept.get(key);
    if (entry) {
      // Most recently used last: the map's order is the order to close in.
      kept.delete(key);
      kept.set(key, entry);
      if (!entry.statement && entry.tx !== tx && tx !== 0) {
        lastName += 1;
        return { key, entry: null, statement: await prepare(`mandi_${lastName}`, sql, paramTypes, tx) };
      }
    } else {
      entry = keep(key, sql, paramTypes, tx);
    }
    entry.users += 1;
    try {
      return { key, entry, statement: await entry.pending };
    } catch (error) {
      entry.users -= 1;
      if (entry.tx === tx) throw error;
      const own = kept.get(key) ?? keep(key, sql, paramTypes, tx);
      own.users += 1;
      return {
        key,
        entry: own,
        statement: await own.pending.catch((failure: unknown) => {
          own.users -= 1;
          throw failure;
        }),
      };
    }
  };

  const serialize = (params: unknown[], statement: PreparedStatement, options: QueryOptions | undefined) =>
    params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const type = statement.paramTypes[i] as number;
      const serializer = (options?.serializers?.[type] as Serializer | undefined) ?? serializers[type];
      return (serializer ? serializer(param) : String(param)) as string | ArrayBuffer | ArrayBufferView | null;
    });

  const runQuery = async <T>(
    sql: string,
    params: unknown[],
    options: QueryOptions | undefined,
    tx: number,
    again = true,
  ): Promise<Results<T>> => {
    if (options?.blob) throw new Error("PGlite's blob option cannot be sent to the database thread");
    const { key, entry, statement } = await statementFor(sql, options?.paramTypes, tx);
    let messages: BackendMessage[];
    let answer: Results<T> | null = null;
    try {
      const values = serialize(params, statement, options);
      const messagesToRun = [
        protocol.serialize.bind({ statement: statement.name, values }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ];
      if (!entry)
        messagesToRun.push(protocol.serialize.close({ type: 'S', name: statement.name }), protocol.serialize.sync());
      const reply = await run(concat(messagesToRun), tx, sql);
      answer = readRunReply<T>(reply, statement, options, parsers);
      messages = answer ? [] : messagesOf(reply);
    } finally {
      if (entry) entry.users -= 1;
    }
    makeRoom();
    if (answer) return answer;
    const error = databaseErrorIn(messages);
    if (error) {
      if (entry && error.code && PREPARE_AGAIN.has(error.code)) {
        forget(key, entry);
        // Outside a transaction nothing else was done: prepared again and run, as PGlite would
        // have parsed it afresh. Inside one, the error has ended the transaction, as any would.
        if (tx === 0 && again) return runQuery<T>(sql, params, options, tx, false);
      }
      throw asPgliteError(error, sql, params, options);
    }
    if (statement.rows) messages.unshift(statement.rows);
    return parse.parseResults(messages, parsers, options)[0] as Results<T>;
  };

  // PGlite's `_initArrayTypes`: a parser and a serializer for each array type, from its element's.
  const arrayTypes = await runQuery<{ oid: number; typarray: number }>(
    `SELECT b.oid, b.typarray
      FROM pg_catalog.pg_type a
      LEFT JOIN pg_catalog.pg_type b ON b.oid = a.typelem
      WHERE a.typcategory = 'A'
      GROUP BY b.oid, b.typarray
      ORDER BY b.oid`,
    [],
    undefined,
    0,
  );
  for (const { oid, typarray } of arrayTypes.rows) {
    serializers[typarray] = (value) => types.arraySerializer(value, serializers[oid] as never, typarray);
    parsers[typarray] = (text) => types.arrayParser(text, parsers[oid] as never, typarray);
  }

  return {
    query: (sql, params, options, tx) => runQuery(sql, params, options, tx),
    get preparedCount() {
      return kept.size;
    },
  };
}
