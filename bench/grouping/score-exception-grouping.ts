/**
 * Exception grouping on real Python tracebacks: runs `exceptions/collect.py` against two
 * versions of the same module (v2 has lines shifted), fingerprints every exception twice (the
 * client's structured frames, and the formatted traceback text alone, as OTLP would send it)
 * and scores pairwise precision and recall against the failure-site labels.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { ExceptionInfo } from '../../packages/domain/src/log/exception.js';
import { computeFingerprint, createTemplateMiner } from '../../packages/domain/src/grouping/index.js';

interface CollectedException {
  label: string;
  version: string;
  exception: ExceptionInfo;
  traceback: string;
}

export interface ExceptionGroupingScore {
  precision: number;
  recall: number;
  cases: number;
}

export function collectExceptions(exceptionsDir: string, python = 'python3'): CollectedException[] {
  const collected: CollectedException[] = [];
  for (const version of ['v1', 'v2']) {
    const output = execFileSync(python, [join(exceptionsDir, 'collect.py'), join(exceptionsDir, version)], { encoding: 'utf8' });
    for (const line of output.split('\n')) {
      if (line.trim() !== '') collected.push(JSON.parse(line) as CollectedException);
    }
  }
  return collected;
}

/** Pair counts of one representation: pairs grouped together, pairs labelled together, both. */
function countPairs(labels: readonly string[], groups: readonly string[]): { predicted: number; actual: number; correct: number } {
  let predicted = 0;
  let actual = 0;
  let correct = 0;
  for (let i = 0; i < labels.length; i++) {
    for (let j = i + 1; j < labels.length; j++) {
      const sameGroup = groups[i] === groups[j];
      const sameLabel = labels[i] === labels[j];
      if (sameGroup) predicted++;
      if (sameLabel) actual++;
      if (sameGroup && sameLabel) correct++;
    }
  }
  return { predicted, actual, correct };
}

export function scoreExceptionGrouping(collected: readonly CollectedException[]): ExceptionGroupingScore {
  const labels = collected.map((c) => c.label);
  const fingerprint = (exception: ExceptionInfo) =>
    computeFingerprint({ message: exception.value ?? '', level: 'ERROR', exception }, createTemplateMiner()).fingerprint;
  const structured = countPairs(labels, collected.map((c) => fingerprint(c.exception)));
  const text = countPairs(labels, collected.map((c) => fingerprint({ traceback: c.traceback })));
  const predicted = structured.predicted + text.predicted;
  const actual = structured.actual + text.actual;
  const correct = structured.correct + text.correct;
  return {
    precision: predicted === 0 ? 1 : correct / predicted,
    recall: actual === 0 ? 1 : correct / actual,
    cases: collected.length * 2,
  };
}
