/**
 * What the API benchmarks (`bench/run.mjs`, `bench/peak.mjs`) share: the throwaway PostgreSQL
 * database, the real server's environment, its processes' memory and CPU from /proc, sign-ins and
 * the child processes to stop at the end.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { root } from './app-server.mjs';

export const PG_URL = (process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');
export const SHOPPER_PASSWORD = 'mandi-shopper-2026';

/** What a browser sends with every request; the server compresses answers above about 1 KB. */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, br' };

export async function adminQuery(database, text) {
  const client = new pg.Client({ connectionString: `${PG_URL}/${database}` });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * The real server as the benchmarks run it: production mode, quiet logs, the demo admin, and the
 * per-address limits raised, since every virtual user comes from 127.0.0.1.
 */
export function benchServerEnv({ databaseUrl, dataDir, admin }) {
  return {
    DATABASE_URL: databaseUrl,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    SEED: 'demo',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    LOGIN_MAX_PER_IP: '1000000',
    LOGIN_MAX_FAILED_PER_ACCOUNT: '1000000',
    REGISTER_MAX_PER_IP: '1000000',
    SEARCH_MAX_PER_IP: '1000000',
    RESET_EMAIL_MAX_PER_IP: '1000000',
    WEB_CONCURRENCY: '1',
  };
}

export function run(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}`)),
    );
  });
}

export async function waitFor(url, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** Resident memory of a process in MB, from /proc (Linux). */
export function rssMb(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

/**
 * CPU time a process has used, in ms, from /proc (user + system; Linux counts in 1/100 s).
 * Per request it is a steadier figure than req/s on a shared machine: other work slows a run down
 * but hardly changes how much CPU each request costs the server.
 */
export function cpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/**
 * CPU milliseconds used so far by every PostgreSQL process on this machine (its backends, writers,
 * autovacuum), from /proc: how much of the machine the database took during a run.
 */
export function postgresCpuMs() {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) === 'postgres') total += cpuMs(entry);
    } catch {}
  }
  return total;
}

/** A process and its children (a cluster primary and its workers), from /proc. */
export function processTree(pid) {
  const parents = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {}
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    for (const [child, parent] of parents) if (parent === tree[i]) tree.push(child);
  }
  return tree;
}

export async function login(base, email, password) {
  const response = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login ${email}: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('token='));
  if (!cookie) throw new Error(`login ${email}: no session cookie`);
  return cookie.split(';')[0];
}

export async function getJson(base, urlPath, cookie) {
  const response = await fetch(`${base}${urlPath}`, { headers: cookie ? { cookie } : {} });
  if (!response.ok) throw new Error(`GET ${urlPath}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** The child processes a benchmark started, stopped together at its end or on Ctrl+C. */
export const children = [];

export function cleanup() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}

/**
 * Stops the children and waits until they have exited: the server writes mail to the outbox in
 * the data directory until its last moment, so the directory is removed only after.
 */
export async function stopChildren(timeoutMs = 10_000) {
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  const exited = running.map((child) => new Promise((resolve) => child.once('exit', resolve)));
  cleanup();
  const timer = new Promise((resolve) => setTimeout(resolve, timeoutMs));
  await Promise.race([Promise.all(exited), timer]);
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** The machine a result was measured on, for the results file. */
export function machineFacts(postgresVersion) {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    postgres: postgresVersion,
    platform: `${os.type()} ${os.release()}`,
  };
}
