/**
 * `npm run bench:grouping [-- --json]`
 *
 * For every dataset in ../shared/datasets/loghub-2k (read in place, never copied): runs the
 * `patterns` CLI (the production miner with default settings) and Drain3 from PyPI with its
 * default settings, scores both with the folder's `score.py --json`, measures the miner's
 * single-core throughput, and scores exception grouping on real Python tracebacks. Prints
 * `{"seyir": {...}, "drain3": {...}, "messages_per_s": n, "exceptions": {...}}`.
 *
 * Drain3 is installed into `.tmp/bench-venv` (gitignored) on first use.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createTemplateMiner } from '../../packages/domain/src/grouping/index.js';
import { collectExceptions, scoreExceptionGrouping } from './score-exception-grouping.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = resolve(HERE, '../..');
const DATA_DIR = resolve(REPO, '../shared/datasets/loghub-2k');
const WORK_DIR = join(REPO, '.tmp/bench-grouping');
const VENV = join(REPO, '.tmp/bench-venv');
const VENV_PYTHON = join(VENV, 'bin/python');

interface DatasetScore {
  ga: number;
  fga: number;
}
type ParserScores = Record<string, DatasetScore | number>;

function log(message: string, quiet: boolean): void {
  if (!quiet) process.stderr.write(`${message}\n`);
}

function datasetNames(): string[] {
  return readdirSync(DATA_DIR)
    .filter((f) => f.endsWith('.jsonl'))
    .map((f) => f.slice(0, -'.jsonl'.length))
    .sort();
}

function ensureDrain3(): void {
  if (!existsSync(VENV_PYTHON)) execFileSync('python3', ['-m', 'venv', VENV], { stdio: 'inherit' });
  try {
    execFileSync(VENV_PYTHON, ['-c', 'import drain3'], { stdio: 'ignore' });
  } catch {
    execFileSync(VENV_PYTHON, ['-m', 'pip', 'install', '--quiet', 'drain3'], { stdio: ['ignore', 'ignore', 'inherit'] });
  }
}

function score(predDir: string): ParserScores {
  const output = execFileSync('python3', [join(DATA_DIR, 'score.py'), '--truth-dir', DATA_DIR, '--pred-dir', predDir, '--json'], { encoding: 'utf8' });
  const parsed = JSON.parse(output) as { datasets: Record<string, { GA: number; FGA: number }>; average: { GA: number; FGA: number } };
  const result: ParserScores = {};
  for (const [name, r] of Object.entries(parsed.datasets)) result[name] = { ga: round(r.GA), fga: round(r.FGA) };
  result.avg_ga = round(parsed.average.GA);
  result.avg_fga = round(parsed.average.FGA);
  return result;
}

function round(x: number): number {
  return Math.round(x * 10_000) / 10_000;
}

function readContents(name: string): string[] {
  return readFileSync(join(DATA_DIR, `${name}.jsonl`), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => (JSON.parse(line) as { content: string }).content);
}

/** Messages per second of one miner per dataset, on one core; best of a few rounds after warm-up. */
function measureThroughput(names: readonly string[]): number {
  const datasets = names.map(readContents);
  let best = 0;
  for (let round = 0; round < 5; round++) {
    let messages = 0;
    const start = performance.now();
    for (let repeat = 0; repeat < 5; repeat++) {
      for (const contents of datasets) {
        const miner = createTemplateMiner();
        for (const content of contents) miner.add(content);
        messages += contents.length;
      }
    }
    best = Math.max(best, (messages / (performance.now() - start)) * 1000);
  }
  return Math.round(best);
}

function main(): void {
  const { values } = parseArgs({ options: { json: { type: 'boolean', default: false } } });
  const quiet = values.json === true;
  const names = datasetNames();
  const seyirDir = join(WORK_DIR, 'seyir');
  const drainDir = join(WORK_DIR, 'drain3');
  mkdirSync(seyirDir, { recursive: true });
  mkdirSync(drainDir, { recursive: true });

  log('installing/checking drain3 in .tmp/bench-venv …', quiet);
  ensureDrain3();
  const tsx = join(REPO, 'node_modules/.bin/tsx');
  for (const name of names) {
    const input = join(DATA_DIR, `${name}.jsonl`);
    log(`${name}: seyir`, quiet);
    execFileSync(tsx, [join(HERE, 'patterns.ts'), '--input', input, '--output', join(seyirDir, `${name}.jsonl`)], { stdio: 'inherit' });
    log(`${name}: drain3`, quiet);
    execFileSync(VENV_PYTHON, [join(HERE, 'drain3_groups.py'), input, join(drainDir, `${name}.jsonl`)], { stdio: 'inherit' });
  }
  log('throughput …', quiet);
  const messagesPerSecond = measureThroughput(names);
  log('exceptions …', quiet);
  const exceptions = scoreExceptionGrouping(collectExceptions(join(HERE, 'exceptions')));
  const result = {
    seyir: score(seyirDir),
    drain3: score(drainDir),
    messages_per_s: messagesPerSecond,
    exceptions: { precision: round(exceptions.precision), recall: round(exceptions.recall), cases: exceptions.cases },
  };
  process.stdout.write(`${JSON.stringify(result, null, quiet ? undefined : 2)}\n`);
}

main();
