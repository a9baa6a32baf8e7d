/**
 * The load generator of `npm run bench` when wrk is installed (`apt-get install wrk`): written in C,
 * one thread, a few microseconds of CPU a response. autocannon, the fallback, runs on the
 * benchmark's own JavaScript thread and spends 0.2-0.3 ms of CPU on each large answer: on a machine
 * of two cores it took a whole one for the 100 KB answers, and the closed loop of 50 connections
 * then waited on it as much as on the server (decision 0050).
 *
 * Each run writes a Lua script that sends the benchmark's variants in turn (path, headers, body)
 * and prints wrk's own figures as one JSON line; the generator's CPU comes from the shell's `times`.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** wrk on the PATH, or null. BENCH_GENERATOR=autocannon asks for the fallback. */
export function findWrk() {
  if (process.env.BENCH_GENERATOR === 'autocannon') return null;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, 'wrk');
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {}
  }
  if (process.env.BENCH_GENERATOR === 'wrk') throw new Error('BENCH_GENERATOR=wrk but wrk is not on the PATH');
  return null;
}

/**
 * A Lua string literal of any text: printable ASCII as it is, every other byte as a decimal escape
 * of three digits (a shorter one would take a digit that follows it: `\34` then `0` is `\340`).
 */
export function luaString(text) {
  let out = '"';
  for (const byte of Buffer.from(text, 'utf8')) {
    const isPlain = byte >= 0x20 && byte < 0x7f && byte !== 0x22 && byte !== 0x5c;
    out += isPlain ? String.fromCharCode(byte) : `\\${String(byte).padStart(3, '0')}`;
  }
  return `${out}"`;
}

const MARK = 'MANDI_BENCH ';

/** The script: the variants formatted once per thread, sent in turn; `done` prints the figures. */
function script(method, variants, headers) {
  const entries = variants.map((variant) => {
    const all = { ...headers, ...variant.headers };
    const headerTable = Object.entries(all)
      .map(([name, value]) => `[${luaString(name)}] = ${luaString(String(value))}`)
      .join(', ');
    return `{ ${luaString(variant.path)}, { ${headerTable} }, ${variant.body === undefined ? 'nil' : luaString(variant.body)} }`;
  });
  return `local variants = {
${entries.join(',\n')}
}
local requests = {}
local count = #variants
local turn = 0

function init(args)
  for i, v in ipairs(variants) do
    requests[i] = wrk.format(${luaString(method)}, v[1], v[2], v[3])
  end
end

function request()
  turn = turn % count + 1
  return requests[turn]
end

function done(summary, latency, _)
  local e = summary.errors
  io.write(string.format(
    '${MARK}{"requests":%d,"durationUs":%d,"bytes":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50Us":%d,"p99Us":%d}\\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
`;
}

/** Seconds of CPU in the `times` line of a shell's children ("0m1.234s 0m0.567s"). */
function childSeconds(line) {
  const parts = [...line.matchAll(/(\d+)m([\d.]+)s/g)].map(
    ([, minutes, seconds]) => Number(minutes) * 60 + Number(seconds),
  );
  return parts.reduce((sum, value) => sum + value, 0);
}

/**
 * One run of `duration` seconds with `connections` connections against `base`: the figures
 * autocannon's run gives (requests a second, p50 and p99 in ms, errors) and the generator's CPU
 * in percent of one core.
 */
export async function wrkLoad(wrk, { base, method, variants, headers, connections, duration, scriptDir, name }) {
  const scriptPath = path.join(scriptDir, `wrk-${name}.lua`);
  fs.writeFileSync(scriptPath, script(method, variants, headers));
  const args = ['-t1', `-c${connections}`, `-d${duration}s`, '--timeout', '10s', '-s', scriptPath, base];
  const output = await new Promise((resolve, reject) => {
    // `times` after wrk: the CPU wrk used, as the shell's children's.
    const child = spawn('bash', ['-c', '"$0" "$@"; status=$?; times; exit $status', wrk, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    // wrk reports a script that fails to load on stderr and then sends its default request instead.
    child.on('exit', (code) =>
      code === 0 && !stderr.trim() ? resolve(stdout) : reject(new Error(`wrk exited ${code}: ${stderr}`)),
    );
  });
  const line = output.split('\n').find((l) => l.startsWith(MARK));
  if (!line) throw new Error(`wrk printed no figures:\n${output}`);
  const figures = JSON.parse(line.slice(MARK.length));
  const timesLines = output.trim().split('\n').slice(-2);
  const generatorSeconds = childSeconds(timesLines[1] ?? '');
  const seconds = figures.durationUs / 1e6;
  const connectionErrors = figures.connect + figures.read + figures.write;
  return {
    rps: figures.requests / seconds,
    // To a tenth of a millisecond (wrk measures in microseconds).
    p50: Math.round(figures.p50Us / 100) / 10,
    p99: Math.round(figures.p99Us / 100) / 10,
    total: figures.requests,
    errors: connectionErrors + figures.status + figures.timeout,
    failures: [
      ...(figures.status ? [`${figures.status}x not 2xx or 3xx`] : []),
      ...(connectionErrors ? [`${connectionErrors}x connection error`] : []),
      ...(figures.timeout ? [`${figures.timeout}x timeout`] : []),
    ],
    bytesPerResponse: figures.requests ? Math.round(figures.bytes / figures.requests) : 0,
    generatorCpuPercent: Math.round((generatorSeconds / seconds) * 100),
  };
}
