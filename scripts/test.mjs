#!/usr/bin/env node
/**
 * `npm test`: the whole suite, in three legs (decision 0054):
 * - checks: the type check and the linter (each failing one counts as one failed test);
 * - vitest: shared rules, web components, the lint scripts' own tests and the API suite on PGlite,
 *   and on PostgreSQL when TEST_DATABASE_URL is set, all in one pool of workers;
 * - browser: the build, then the journeys in Chromium beside the admin tables at the scale data set.
 * The checks run beside Vitest; the browser leg runs after them. Vitest alone keeps both cores of
 * a 2-core machine busy, and the journeys beside it made the whole run slower than one after the
 * other (17 minutes against 11; decision 0054).
 * `npm test -- vitest` (or `checks`, `browser`) runs the named legs only.
 * Each step's output is kept and printed whole when it ends, so legs never interleave their lines.
 * Without CI a missing browser is skipped with a loud notice; with CI=true it is a failure, as is a
 * missing TEST_DATABASE_URL. The last line says how many tests passed and failed.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const isCi = process.env.CI === 'true' || process.env.CI === '1';
/**
 * Debian's Chromium for the journeys: its headless shell when installed (the same engine without the
 * browser's own interface, which cost a share of the run's CPU; decision 0054), else the browser.
 */
const chromiumPath =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => fs.existsSync(file)) ??
  '/usr/bin/chromium';
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandi-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
/**
 * Names of the failed tests (and `{ detail }`: a vitest test's assertion, shortened), repeated just
 * above the last line so a log's tail says what failed and why.
 */
const failedNames = [];
let hasFailedStep = false;
const startedAt = Date.now();
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

/**
 * Runs one step with its output kept in a file, printed whole once it ends; resolves true when it
 * exited 0. A step with a `nice` value runs at that lower CPU priority: it takes what the steps
 * beside it leave (the checks beside Vitest, the scale seeding beside the journeys; decision 0054).
 */
function run(label, command, args, env = {}, { nice = 0 } = {}) {
  const logFile = path.join(reportDir, `${label.replace(/[^a-z0-9]+/gi, '-')}.log`);
  const out = fs.openSync(logFile, 'w');
  const started = Date.now();
  console.log(`--- started: ${label}`);
  return new Promise((resolve) => {
    const [file, ...fileArgs] = nice ? ['nice', '-n', String(nice), command, ...args] : [command, ...args];
    const child = spawn(file, fileArgs, { stdio: ['ignore', out, out], env: { ...process.env, ...env } });
    const finish = (code) => {
      fs.closeSync(out);
      console.log(`\n=== ${label} (${code === 0 ? 'ok' : `exit ${code}`}, ${seconds(started)}) ===`);
      process.stdout.write(fs.readFileSync(logFile, 'utf8'));
      if (code !== 0) hasFailedStep = true;
      resolve(code === 0);
    };
    child.on('error', (error) => {
      fs.writeSync(out, `${error.message}\n`);
      finish(-1);
    });
    child.on('exit', (code, signal) => finish(code ?? `signal ${signal}`));
  });
}

/** The first `count` non-empty lines of `text`, without colour codes, each at most 300 characters. */
function firstLines(text, count) {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colour codes
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .filter((line) => line.trim())
      .slice(0, count)
      .map((line) => line.slice(0, 300))
      .join('\n')
  );
}

function addVitestReport(file, label) {
  if (!fs.existsSync(file)) {
    hasFailedStep = true;
    failedNames.push(`${label}: no report was written`);
    return;
  }
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const suite of report.testResults ?? []) {
    const failedTests = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const test of failedTests) {
      failedNames.push(`${label}: ${path.relative(process.cwd(), suite.name)} › ${test.fullName ?? test.title}`);
      // Its assertion too, shortened: the tail of a long log is often all there is to read.
      const reason = firstLines(test.failureMessages?.[0] ?? '', 6);
      if (reason) failedNames.push({ detail: reason });
    }
    // A file that failed to load has no failed test of its own but is a failure all the same.
    if (suite.status === 'failed' && failedTests.length === 0) {
      failedNames.push(
        `${label}: ${path.relative(process.cwd(), suite.name)} (${(suite.message ?? 'failed').split('\n')[0]})`,
      );
    }
  }
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

function playwrightFailures(suite, trail = []) {
  const names = [];
  const here = suite.title ? [...trail, suite.title] : trail;
  for (const spec of suite.specs ?? []) {
    if (spec.tests?.some((t) => t.status === 'unexpected')) names.push([...here, spec.title].join(' › '));
  }
  for (const child of suite.suites ?? []) names.push(...playwrightFailures(child, here));
  return names;
}

function addPlaywrightReport(file, label) {
  if (!fs.existsSync(file)) {
    hasFailedStep = true;
    failedNames.push(`${label}: no report was written`);
    return;
  }
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const suite of report.suites ?? []) {
    for (const name of playwrightFailures(suite)) failedNames.push(`${label}: ${name}`);
  }
  const stats = report.stats ?? {};
  totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  totals.failed += stats.unexpected ?? 0;
  totals.skipped += stats.skipped ?? 0;
}

/** A failure that is no test's: counted as one failed test and named above the last line. */
function failStep(name) {
  hasFailedStep = true;
  totals.failed += 1;
  failedNames.push(name);
}

/** Types and lint: a suite that passes on code that does not compile or lint is not a pass. */
async function checks() {
  for (const script of ['typecheck', 'lint']) {
    const isOk = await run(`npm run ${script}`, 'npm', ['run', script, '--silent'], {}, { nice: 10 });
    if (!isOk) failStep(`npm run ${script}`);
  }
}

/** Shared rules, web components, the lint scripts and the API on PGlite (and PostgreSQL), one pool. */
async function vitest() {
  const projects = ['shared', 'web', 'scripts', 'api-pglite'];
  if (process.env.TEST_DATABASE_URL) {
    projects.push('api-postgres');
  } else if (isCi) {
    console.error('\n!!! CI=true but TEST_DATABASE_URL is not set: the PostgreSQL suite is required in CI.');
    failStep('api-postgres: TEST_DATABASE_URL is not set');
  } else {
    console.warn('\n*** TEST_DATABASE_URL is not set: the API suite runs on PGlite only. ***');
  }
  const file = path.join(reportDir, 'vitest.json');
  const isOk = await run(`vitest: ${projects.join(', ')}`, 'npx', [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ]);
  const before = failedNames.length;
  addVitestReport(file, 'vitest');
  // Vitest fails a run whose tests all passed when an error escaped them (its "Unhandled Errors").
  if (!isOk && failedNames.length === before)
    failStep('vitest: an error outside any test (its "Unhandled Errors" above)');
}

/** The build, then the journeys beside the admin tables at scale, each on a server of its own. */
async function browser() {
  if (!fs.existsSync(chromiumPath)) {
    if (isCi) {
      console.error(`\n!!! CI=true but no Chromium at ${chromiumPath}: the browser journeys are required in CI.`);
      failStep(`journeys: no Chromium at ${chromiumPath}`);
    } else {
      console.warn(`\n${'*'.repeat(78)}`);
      console.warn(`*** SKIPPED: browser journeys: no Chromium at ${chromiumPath}.`);
      console.warn('*** Install it (apt-get install -y chromium chromium-headless-shell) or set CHROMIUM_PATH.');
      console.warn('*'.repeat(78));
    }
    return;
  }
  if (!(await run('build the web app and the server', 'npm', ['run', 'build', '--silent']))) {
    failStep('npm run build (the journeys did not run)');
    return;
  }
  const playwright = async (label, configArgs, reportName, options) => {
    const file = path.join(reportDir, reportName);
    const env = { PLAYWRIGHT_JSON_OUTPUT_NAME: file, CHROMIUM_PATH: chromiumPath };
    await run(label, 'npx', ['playwright', 'test', ...configArgs, '--reporter=list,json'], env, options);
    addPlaywrightReport(file, label);
  };
  await Promise.all([
    playwright('journeys', [], 'e2e.json'),
    // The admin tables at the scale data set (10,000 products, 20,000 users), on their own server;
    // most of it is seeding that data set, which can wait for a free moment.
    playwright('journeys at scale', ['-c', 'playwright.scale.config.ts'], 'e2e-scale.json', { nice: 10 }),
  ]);
}

const LEGS = { checks, vitest, browser };
const chosen = process.argv.slice(2);
for (const name of chosen) {
  if (!(name in LEGS)) {
    console.error(`Unknown leg "${name}": choose from ${Object.keys(LEGS).join(', ')}.`);
    process.exit(2);
  }
}
const legs = chosen.length > 0 ? chosen : Object.keys(LEGS);
console.log(`Running ${legs.join(', ')}; each step's output follows when it ends.`);
// The checks beside Vitest (they are short and mostly one core), then the browser leg on its own.
await Promise.all(legs.filter((name) => name !== 'browser').map((name) => LEGS[name]()));
if (legs.includes('browser')) await browser();

fs.rmSync(reportDir, { recursive: true, force: true });
if (hasFailedStep && totals.failed === 0) totals.failed = 1;
console.log(`\nAll legs done in ${seconds(startedAt)}.`);
if (failedNames.length > 0) {
  console.log('\nFailed:');
  for (const entry of failedNames) {
    console.log(typeof entry === 'string' ? `  ✗ ${entry}` : entry.detail.replace(/^/gm, '      '));
  }
}
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
// Not process.exit(): on a pipe, stdout is written asynchronously, and exiting at once would cut the
// legs' logs short and lose the last line.
process.exitCode = hasFailedStep ? 1 : 0;
