/**
 * Starts the real server on the embedded database for the browser checks (budget, Lighthouse):
 * a fresh data directory with the demo catalogue, a free port, the built web app.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');
export const ADMIN = { email: 'admin@bench.mandi.local', password: 'bench-admin-password' };
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * The flags `npm start` gives Node before the server's script (apps/api's `start`), so a benchmark
 * starts the server exactly as a shop does.
 */
export const SERVER_NODE_ARGS = (() => {
  const start = JSON.parse(fs.readFileSync(path.join(root, 'apps/api/package.json'), 'utf8')).scripts.start;
  const words = start.split(/\s+/);
  if (words[0] !== 'node' || words.at(-1) !== 'dist/server.js') {
    throw new Error(`apps/api's start script is not "node [flags] dist/server.js": ${start}`);
  }
  return words.slice(1, -1);
})();

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * `env` adds to or overrides the server's environment (DATABASE_URL for PostgreSQL, or NODE_ENV
 * unset and SEED=demo to run it as `npm start` does). `dataDir` starts it on a data directory the
 * caller prepared (and removes); `nodeArgs` go to Node itself (`--cpu-prof`).
 */
export async function startAppServer({
  webDistDir = path.join(root, 'apps/web/dist'),
  env = {},
  dataDir: givenDataDir,
  nodeArgs = [],
} = {}) {
  if (!fs.existsSync(path.join(webDistDir, 'index.html'))) {
    throw new Error(`No built web app in ${webDistDir}: run npm run build first`);
  }
  const serverScript = path.join(root, 'apps/api/dist/server.js');
  if (!fs.existsSync(serverScript)) throw new Error(`No built server in ${serverScript}: run npm run build first`);
  const dataDir = givenDataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'mandi-web-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // The built server, as `npm start` runs it (`npm run build` makes both it and the web app).
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, ...nodeArgs, serverScript], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SEED: 'demo',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      WEB_DIST_DIR: webDistDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DATABASE_URL: '',
      LOGIN_MAX_PER_IP: '100000',
      REGISTER_MAX_PER_IP: '100000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    if (!givenDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const until = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/category/get`)).ok) break;
    } catch {}
    if (child.exitCode !== null || Date.now() > until) {
      await stop();
      throw new Error('the server did not start');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { base, stop, pid: child.pid };
}
