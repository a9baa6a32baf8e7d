#!/usr/bin/env node
/**
 * `npm test`: the whole suite. First the type check and the linter (each failing one counts as one
 * failed test), then unit and component tests, the API suite on PGlite, the API suite
 * again on PostgreSQL when TEST_DATABASE_URL is set, then the browser journeys in Chromium (and the
 * admin tables at the scale data set).
 * Without CI a missing browser is skipped with a loud notice; with CI=true it is a failure.
 * The last line says how many tests passed and failed.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const isCi = process.env.CI === 'true' || process.env.CI === '1';
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandi-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
/**
 * Names of the failed tests (and `{ detail }`: a vitest test's assertion, shortened), repeated just
 * above the last line so a log's tail says what failed and why.
 */
const failedNames = [];
let hasFailedStep = false;

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) hasFailedStep = true;
  return result.status === 0;
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

const vitest = (projects, reportName, env) => {
  const file = path.join(reportDir, reportName);
  const isOk = run(
    `vitest: ${projects.join(', ')}`,
    'npx',
    [
      'vitest',
      'run',
      ...projects.flatMap((p) => ['--project', p]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
    ],
    env,
  );
  const label = reportName.replace('.json', '');
  const before = failedNames.length;
  addVitestReport(file, label);
  // Vitest fails a run whose tests all passed when an error escaped them (its "Unhandled Errors").
  if (!isOk && failedNames.length === before) {
    totals.failed += 1;
    failedNames.push(`${label}: an error outside any test (vitest's "Unhandled Errors" above)`);
  }
};

// 0. Types and lint: a suite that passes on code that does not compile or lint is not a pass.
for (const script of ['typecheck', 'lint']) {
  if (!run(`npm run ${script}`, 'npm', ['run', script, '--silent'])) {
    totals.failed += 1;
    failedNames.push(`npm run ${script}`);
  }
}

// 1. Shared rules, web components, the lint scripts and the API on embedded PGlite.
vitest(['shared', 'web', 'scripts', 'api-pglite'], 'unit.json', { TEST_DATABASE_URL: '' });

// 2. The API suite again on a real PostgreSQL server.
if (process.env.TEST_DATABASE_URL) {
  vitest(['api-postgres'], 'postgres.json', {});
} else if (isCi) {
  console.error('\n!!! CI=true but TEST_DATABASE_URL is not set: the PostgreSQL suite is required in CI.');
  hasFailedStep = true;
  totals.failed += 1;
  failedNames.push('api-postgres: TEST_DATABASE_URL is not set');
} else {
  console.warn('\n*** TEST_DATABASE_URL is not set: the API suite ran on PGlite only. ***');
}

// 3. Browser journeys in Debian's Chromium.
if (fs.existsSync(chromiumPath)) {
  if (run('build the web app and the server', 'npm', ['run', 'build', '--silent'])) {
    const file = path.join(reportDir, 'e2e.json');
    run('playwright: browser journeys', 'npx', ['playwright', 'test', '--reporter=list,json'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: file,
      CHROMIUM_PATH: chromiumPath,
    });
    addPlaywrightReport(file, 'journeys');
    // The admin tables at the scale data set (10,000 products, 20,000 users), on their own server.
    const scaleFile = path.join(reportDir, 'e2e-scale.json');
    run(
      'playwright: admin tables at scale',
      'npx',
      ['playwright', 'test', '-c', 'playwright.scale.config.ts', '--reporter=list,json'],
      { PLAYWRIGHT_JSON_OUTPUT_NAME: scaleFile, CHROMIUM_PATH: chromiumPath },
    );
    addPlaywrightReport(scaleFile, 'journeys at scale');
  } else {
    totals.failed += 1;
    failedNames.push('npm run build (the journeys did not run)');
  }
} else if (isCi) {
  console.error(`\n!!! CI=true but no Chromium at ${chromiumPath}: the browser journeys are required in CI.`);
  hasFailedStep = true;
  totals.failed += 1;
  failedNames.push(`journeys: no Chromium at ${chromiumPath}`);
} else {
  console.warn(`\n${'*'.repeat(78)}`);
  console.warn(`*** SKIPPED: browser journeys: no Chromium at ${chromiumPath}.`);
  console.warn('*** Install it (apt-get install -y chromium) or set CHROMIUM_PATH to run them.');
  console.warn('*'.repeat(78));
}

fs.rmSync(reportDir, { recursive: true, force: true });
if (hasFailedStep && totals.failed === 0) totals.failed = 1;
if (failedNames.length > 0) {
  console.log('\nFailed:');
  for (const entry of failedNames) {
    console.log(typeof entry === 'string' ? `  ✗ ${entry}` : entry.detail.replace(/^/gm, '      '));
  }
}
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(hasFailedStep ? 1 : 0);
