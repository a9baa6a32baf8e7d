/**
 * A PostgreSQL server of the test's own (a fresh cluster in a temporary folder on a free port),
 * for a test that restarts the server itself: the shared TEST_DATABASE_URL server must never be
 * restarted under other tests. Needs PostgreSQL's server programs (`initdb`, `pg_ctl`) on this
 * machine; as root they run as the `postgres` user (PostgreSQL refuses to run as root).
 * `ownPostgresUnavailable()` says why a test cannot have one, so it skips with that reason.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort, tempDirFor } from './server-process.js';

const SERVER_USER = 'postgres';

/** The folder of `initdb` and `pg_ctl`: the newest Debian PostgreSQL, or what PG_BIN_DIR names. */
function serverBinDir(): string | null {
  const candidates = process.env.PG_BIN_DIR
    ? [process.env.PG_BIN_DIR]
    : fs.existsSync('/usr/lib/postgresql')
      ? fs
          .readdirSync('/usr/lib/postgresql')
          .sort((a, b) => Number(b) - Number(a))
          .map((version) => path.join('/usr/lib/postgresql', version, 'bin'))
      : [];
  return (
    candidates.find((dir) => fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl'))) ?? null
  );
}

const isRoot = () => process.getuid?.() === 0;

/** Why this machine cannot start a PostgreSQL server of the test's own, or null when it can. */
export function ownPostgresUnavailable(): string | null {
  if (!serverBinDir()) return 'no PostgreSQL server programs (initdb, pg_ctl) on this machine';
  if (isRoot() && spawnSync('id', ['-u', SERVER_USER]).status !== 0) {
    return `running as root and there is no "${SERVER_USER}" user to run PostgreSQL as`;
  }
  return null;
}

/**
 * A free port below the range the kernel hands out for `listen(0)`. Every other server of the tests
 * gets its port that way (`freePort`), so none of them can take this one while it is down between
 * a halt and a start: a restart would then meet a shop server on its port.
 */
async function portNoOneElsePicks(): Promise<number> {
  const [low] = (() => {
    try {
      return fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    } catch {
      return [32768];
    }
  })();
  const top = Math.max(20_000, (low ?? 32768) - 1);
  for (let tries = 0; tries < 50; tries += 1) {
    const port = 15_000 + Math.floor(Math.random() * (top - 15_000));
    const server = net.createServer();
    const isFree = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (isFree) {
      await new Promise((resolve) => server.close(resolve));
      return port;
    }
  }
  return freePort();
}

export interface OwnPostgresServer {
  /** Connection string of its `postgres` database (superuser, trust). */
  url: string;
  /** Stops the server (fast: open connections are ended, as in a real restart) and starts it again. */
  restart(): Promise<void>;
  /** Stops the server (fast), keeping its folder, until `start()`: the database is down meanwhile. */
  halt(): Promise<void>;
  /** Starts a halted server again, on the same port. */
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  stop(): Promise<void>;
  /** What the server wrote to its log so far (for a failed test's message). */
  log(): string;
}

export async function startOwnPostgres(): Promise<OwnPostgresServer> {
  const binDir = serverBinDir();
  if (!binDir) throw new Error('no PostgreSQL server programs on this machine');
  const root = fs.mkdtempSync(path.join(tempDirFor(SERVER_USER), 'mandi-own-pg-'));
  const dataDir = path.join(root, 'data');
  const port = await portNoOneElsePicks();
  if (isRoot()) execFileSync('chown', ['-R', `${SERVER_USER}:`, root]);
  // Never synchronous: the test's own requests keep running while the server stops and starts.
  const asServerUser = async (program: string, args: string[]) => {
    const command = path.join(binDir, program);
    const [file, ...rest] = isRoot() ? ['runuser', '-u', SERVER_USER, '--', command, ...args] : [command, ...args];
    try {
      // In its own folder: the server user may not reach the test's working directory.
      await promisify(execFile)(file as string, rest, { timeout: 60_000, cwd: root });
    } catch (error) {
      const { stderr, stdout } = error as { stderr?: string; stdout?: string };
      throw new Error(`${program} ${args.join(' ')} failed: ${stderr || stdout || String(error)}`);
    }
  };
  await asServerUser('initdb', [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '-A',
    'trust',
    '--no-sync',
    '-E',
    'UTF8',
    '--locale=C',
  ]);
  // Its socket stays in its own folder; fsync off: a test cluster, thrown away afterwards.
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const start = () =>
    asServerUser('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(root, 'log'), '-w', 'start']);
  const halt = () => asServerUser('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async restart() {
      await halt();
      await start();
    },
    halt,
    start,
    log: () => {
      try {
        return fs.readFileSync(path.join(root, 'log'), 'utf8');
      } catch {
        return '(no log)';
      }
    },
    async stop() {
      try {
        await asServerUser('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(root, { recursive: true, force: true });
      }
    },
  };
}
