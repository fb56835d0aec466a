#!/usr/bin/env node
// `npm test`: install what is missing (npm packages; PostgreSQL, Redis and Chromium with apt as
// root), then run every suite: typecheck, lint, unit and integration tests (real PostgreSQL and
// Redis), the web app's tests and the Python client's tests. Every step runs even when an earlier
// one fails, so one run shows every failure; the exit code is non-zero if any failed.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureNodeModules, ensureSystemPackages, log, ROOT } from './lib.mjs';

try {
  ensureNodeModules();
  ensureSystemPackages();
} catch (error) {
  process.stderr.write(`npm test could not prepare the machine: ${error.message}\n`);
  process.exit(1);
}

const reports = join(ROOT, '.tmp', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0 };
const results = [];
/** Failed tests by name, printed again at the very end: a CI log is often read from its tail. */
const failures = [];

/** The failed tests of a vitest JSON report: file, test name and the first line of the error. */
function failedTests(json) {
  const found = [];
  for (const file of json.testResults ?? []) {
    const path = String(file.name ?? '').replace(`${ROOT}/`, '');
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failed) found.push(`${path} > ${t.fullName ?? t.title}: ${firstLine(t.failureMessages?.[0])}`);
    // A file that failed outside any test (a hook, an import) has no failed test to name.
    if (file.status === 'failed' && failed.length === 0) found.push(`${path}: ${firstLine(file.message)}`);
  }
  return found;
}

const firstLine = (text) => String(text ?? '').split('\n').find((line) => line.trim() !== '')?.trim().slice(0, 300) ?? '';

function step(name, command, args, { count } = {}) {
  log(`▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: ROOT, stdio: count === 'pytest' ? ['inherit', 'pipe', 'inherit'] : 'inherit', encoding: 'utf8' });
  if (count === 'pytest') {
    process.stdout.write(result.stdout ?? '');
    const summary = /(?:(\d+) failed)?[, ]*(?:(\d+) passed)?[^\n]* in [\d.]+s/.exec(result.stdout ?? '');
    const failed = Number(/(\d+) failed/.exec(result.stdout ?? '')?.[1] ?? 0);
    const passed = Number(/(\d+) passed/.exec(result.stdout ?? '')?.[1] ?? 0);
    if (summary) {
      totals.passed += passed;
      totals.failed += failed;
    }
    // pytest's short summary names each failure: `FAILED tests/test_x.py::test_y - AssertionError…`.
    for (const line of (result.stdout ?? '').split('\n')) {
      if (/^(FAILED|ERROR) /.test(line)) failures.push(`clients/python: ${line.slice(0, 300)}`);
    }
  }
  if (count && count !== 'pytest' && existsSync(count)) {
    const json = JSON.parse(readFileSync(count, 'utf8'));
    totals.passed += json.numPassedTests ?? 0;
    totals.failed += json.numFailedTests ?? 0;
    failures.push(...failedTests(json));
  }
  const ok = result.status === 0;
  results.push({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  log(`${ok ? '✔' : '✘'} ${name}`);
  return ok;
}

const bin = (name) => join(ROOT, 'node_modules', '.bin', name);
const hasWeb = existsSync(join(ROOT, 'apps', 'web', 'vitest.config.ts'));

step('typecheck (server, packages)', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
if (hasWeb) step('typecheck (web)', bin('tsc'), ['-p', 'apps/web/tsconfig.json', '--noEmit']);
if (hasWeb) step('typecheck (web browser tests)', bin('tsc'), ['-p', 'apps/web/e2e/tsconfig.json', '--noEmit']);
step('lint', bin('eslint'), ['.', '--max-warnings=0']);
const vitestJson = join(reports, 'vitest.json');
step('unit + integration tests (real PostgreSQL and Redis)', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
], { count: vitestJson });
if (hasWeb) {
  const webJson = join(reports, 'web.json');
  step('web app tests', bin('vitest'), ['run', '--config', 'apps/web/vitest.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${webJson}`], { count: webJson });
  // The real product in Debian's Chromium: the user journey, screenshots and axe-core scans.
  const e2eJson = join(reports, 'e2e.json');
  step('web end-to-end tests (Chromium)', bin('vitest'), ['run', '--config', 'apps/web/e2e/vitest.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${e2eJson}`], { count: e2eJson });
}
if (existsSync(join(ROOT, 'clients', 'python', 'run-tests.sh'))) {
  step('Python client tests', 'bash', ['clients/python/run-tests.sh'], { count: 'pytest' });
}

process.stdout.write('\n');
for (const f of failures) process.stdout.write(`failed: ${f}\n`);
if (failures.length > 0) process.stdout.write('\n');
for (const r of results) process.stdout.write(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.name} (${r.seconds} s)\n`);
const failedSteps = results.filter((r) => !r.ok).length;
process.stdout.write(`\ntests: ${totals.passed} passed, ${totals.failed + (failedSteps && !totals.failed ? failedSteps : 0)} failed\n`);
process.exit(failedSteps === 0 ? 0 : 1);
