/**
 * Helpers for tests that run the real server as child processes: free ports, a fresh PostgreSQL
 * database per test file, start/stop with signals, small HTTP calls with cookies.
 * Everything listens on 127.0.0.1 and every process started here is stopped by the test's afterAll.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.js';
import { createMigratedPostgresDatabase } from './migrated-database.js';
import { createThrowawayDatabase, type ThrowawayDatabase } from './postgres-database.js';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
export const ADMIN = { email: 'admin@resilience.test', password: 'admin-password-42' };
export const SHIPPING = {
  address: '21 Brigade Road',
  city: 'Bengaluru',
  mobileNumber: '9845012345',
  pinCode: '560025',
};

export async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

/**
 * A temporary folder `user` can reach and write: the system's, unless it is closed to all but its
 * owner (some machines keep /tmp at mode 0700), then /var/tmp. Only root runs processes as another user.
 */
export function tempDirFor(user: string): string {
  if (process.getuid?.() !== 0) return os.tmpdir();
  const usable = (dir: string) =>
    spawnSync('runuser', ['-u', user, '--', 'test', '-w', dir, '-a', '-x', dir]).status === 0;
  return [os.tmpdir(), '/var/tmp'].find(usable) ?? os.tmpdir();
}

/** A new, empty database on the TEST_DATABASE_URL server (or the one `serverUrl` names); `drop()` removes it. */
export function createDatabase(serverUrl?: string): Promise<ThrowawayDatabase> {
  return createThrowawayDatabase('mandi_resilience', serverUrl);
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  port: number;
  /** Everything the process printed, for failure messages. */
  output(): string;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  isRunning(): boolean;
}

/**
 * Starts the server as `npm start` does, from the run's own build of it (`serverBundle`, built by
 * the global setup; decision 0074), with no wrapper process, so signals reach the server itself.
 */
export function startServer(
  env: Record<string, string>,
  port: number,
  options: { runAsUser?: string } = {},
): ServerProcess {
  const command = [process.execPath, inject('serverBundle')];
  const [file, ...args] = options.runAsUser ? ['runuser', '-u', options.runAsUser, '--', ...command] : command;
  const child = spawn(file as string, args, {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? '/tmp',
      // Another user's temporary files go where that user can write.
      ...(options.runAsUser ? { TMPDIR: tempDirFor(options.runAsUser) } : {}),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      SEED: 'none',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      WEB_DIST_DIR: '/nonexistent-web-dist',
      LOGIN_MAX_PER_IP: '100000',
      REGISTER_MAX_PER_IP: '100000',
      // The multi-process tests send bursts from one address; the budgets have tests of their own.
      COMPLAINTS_MAX_PER_USER: '100000',
      COMPLAINTS_MAX_PER_IP: '100000',
      COUPON_CHECKS_MAX_PER_IP: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (chunk) => {
    text += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    text += chunk;
  });
  let isRunning = true;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => {
      isRunning = false;
      resolve({ code, signal });
    });
  });
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => text,
    exited,
    isRunning: () => isRunning,
  };
}

/**
 * Waits until /api/health answers. Generous: a guard against a server that never starts, not a
 * start-up time. `npm test` runs these files beside the browser journeys on 2 cores, where a first
 * embedded start (initdb, migrations, the demo's pictures) has taken over 90 s (decision 0054).
 */
export async function waitForHealth(server: ServerProcess, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!server.isRunning()) {
      throw new Error(`server on port ${server.port} exited before it was ready:\n${server.output()}`);
    }
    try {
      const response = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server on port ${server.port} not ready after ${timeoutMs} ms:\n${server.output()}`);
}

/** Sends a signal and waits for the process to end; SIGKILL after `timeoutMs` as a last resort. */
export async function stopServer(
  server: ServerProcess | undefined,
  signal: NodeJS.Signals = 'SIGTERM',
  timeoutMs = 15_000,
) {
  if (!server) return undefined;
  if (!server.isRunning()) return server.exited;
  server.child.kill(signal);
  const timer = setTimeout(() => server.child.kill('SIGKILL'), timeoutMs);
  const result = await server.exited;
  clearTimeout(timer);
  return result;
}

export interface Answer {
  status: number;
  body: Record<string, unknown>;
  cookie?: string;
}

/** One JSON request; a network failure comes back as status 0 with the error's code in `body.error`. */
export async function call(
  baseUrl: string,
  method: string,
  url: string,
  options: { cookie?: string; json?: unknown; timeoutMs?: number } = {},
): Promise<Answer> {
  try {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: {
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.json !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: options.json !== undefined ? JSON.stringify(options.json) : undefined,
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
    const text = await response.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = { text };
    }
    const token = response.headers
      .getSetCookie()
      .map((header) => /^token=([^;]*)/.exec(header)?.[1])
      .find((value) => value !== undefined);
    return { status: response.status, body: parsed, cookie: token ? `token=${token}` : undefined };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return { status: 0, body: { error: cause?.code ?? (error as Error).name } };
  }
}

export async function login(baseUrl: string, email: string, password: string): Promise<string> {
  const answer = await call(baseUrl, 'POST', '/api/user/login', { json: { email, password } });
  if (answer.status !== 200 || !answer.cookie) {
    throw new Error(`login of ${email} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer.cookie;
}

/** Polls `check` every 200 ms until it holds; fails naming `what` after `timeoutMs`. */
export async function waitFor(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * `count` cash orders of 1 kg of `productId`, shared out over `servers` in turn (each with its own
 * session cookie), at most 10 at a time: the answers in order.
 */
export function placeOrdersAcross(
  servers: readonly ServerProcess[],
  cookies: readonly string[],
  productId: string,
  count: number,
): Promise<Answer[]> {
  return runLimited(
    Array.from({ length: count }, (_, i) => () => {
      const server = servers[i % servers.length] as ServerProcess;
      return call(server.url, 'POST', '/api/user/new/order', {
        cookie: cookies[i % servers.length] as string,
        json: { cartItems: [{ id: productId, quantity: 1 }], shippingInfo: SHIPPING },
      });
    }),
    10,
  );
}

/** Runs `tasks` with at most `limit` at a time, keeping results in order. */
export async function runLimited<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next;
      next += 1;
      results[index] = await (tasks[index] as () => Promise<T>)();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

/** Node child processes (cluster workers) of a process; helpers such as esbuild's service are left out. */
export function nodeChildren(pid: number | undefined): number[] {
  // `ps` exits 1 when it finds no process, so read its output rather than its status.
  const listing = spawnSync('ps', ['-o', 'pid=,comm=', '--ppid', String(pid)], { encoding: 'utf8' }).stdout;
  return listing
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([child, command]) => child && command === 'node')
    .map(([child]) => Number(child));
}

/** Several server processes on one fresh PostgreSQL database, and a direct handle on that database. */
export interface ServerGroup {
  servers: ServerProcess[];
  db: Database;
  /** For a test that starts one more server on the same database. */
  databaseUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts `count` servers on a new database cloned from the run's migrated one: the first seeds it
 * alone, the others then start side by side. `stop()` stops them all and drops the database.
 */
export async function startServerGroup(
  count: number,
  env: Record<string, string> = {},
  serverUrl?: string,
): Promise<ServerGroup> {
  const database = await createMigratedPostgresDatabase('mandi_group', serverUrl);
  const serverEnv = { ...env, DATABASE_URL: database.url };
  const servers = [startServer(serverEnv, await freePort())];
  await waitForHealth(servers[0] as ServerProcess);
  for (let i = 1; i < count; i += 1) servers.push(startServer(serverEnv, await freePort()));
  await Promise.all(servers.map((server) => waitForHealth(server)));
  const db = await openDatabase({ databaseUrl: database.url });
  return {
    servers,
    db,
    databaseUrl: database.url,
    async stop() {
      await Promise.all(servers.map((server) => stopServer(server)));
      await db.close();
      await database.drop();
    },
  };
}

/**
 * A group of `count` servers for one suite: started before its tests, stopped (database dropped)
 * after them. Its parts are read once the suite runs: `group.servers`, `group.db`.
 */
export function useServerGroup(count: number, env: Record<string, string> = {}): ServerGroup {
  let group: ServerGroup | undefined;
  beforeAll(async () => {
    group = await startServerGroup(count, env);
  }, 600_000);
  afterAll(() => group?.stop(), 60_000);
  const started = (): ServerGroup => {
    if (!group) throw new Error('the server group is used before it started');
    return group;
  };
  return {
    get servers() {
      return started().servers;
    },
    get db() {
      return started().db;
    },
    get databaseUrl() {
      return started().databaseUrl;
    },
    stop: () => started().stop(),
  };
}
