import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { collectExceptions, scoreExceptionGrouping } from './score-exception-grouping.js';

const EXCEPTIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'exceptions');

function hasPython(): boolean {
  try {
    execFileSync('python3', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe.skipIf(!hasPython())('exception grouping on real Python tracebacks', () => {
  it('puts each failure site in its own group across both versions of the file', () => {
    const collected = collectExceptions(EXCEPTIONS_DIR);
    expect(new Set(collected.map((c) => c.version))).toEqual(new Set(['v1', 'v2']));
    const score = scoreExceptionGrouping(collected);
    expect(score.cases).toBe(collected.length * 2);
    expect(score.precision).toBe(1);
    expect(score.recall).toBe(1);
  }, 30_000);
});
