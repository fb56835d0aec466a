import { describe, expect, it } from 'vitest';
import { IngestJobSchema, readIngestJob } from './ingest-job.js';

const log = (extra: Record<string, unknown> = {}) => ({
  id: '0190f3a2-7b1c-7d2e-8f3a-1b2c3d4e5f60',
  message: 'Ödeme 42 alındı',
  level: 'INFO',
  timestampMs: 1_790_000_000_000,
  environment: 'production',
  host: 'web-1',
  logger: 'app.payments',
  release: '1.4.2',
  tags: ['ödeme'],
  metadata: { order: 42 },
  context: null,
  exception: null,
  request: null,
  response: null,
  fingerprint: null,
  ...extra,
});
const exception = { type: 'ValueError', value: 'kötü tutar', frames: [{ filename: 'app/pay.py', function: 'charge', lineno: 10, in_app: true }] };
const job = (logs: unknown[], extra: Record<string, unknown> = {}) => ({
  batchId: '5b0c8a52-31f4-4c55-9d57-4f7c7f0b9f11',
  projectId: '7a9e2a1c-2f1b-4b8e-a7c4-0d3e2f1a9b8c',
  receivedAtMs: 1_790_000_000_500,
  logs,
  ...extra,
});

describe('readIngestJob', () => {
  it('reads a valid job exactly as the schema parses it', () => {
    const valid = job([log(), log({ level: 'ERROR', exception, clampedFrom: '2099-01-01', fingerprint: ['a', 'b'], context: { user: { id: 'u1' } } })]);
    expect(readIngestJob(JSON.parse(JSON.stringify(valid)))).toEqual(IngestJobSchema.parse(valid));
  });

  const broken: [string, unknown][] = [
    ['not an object', 'job'],
    ['a bad batch id', job([log()], { batchId: 'b1' })],
    ['no project id', job([log()], { projectId: undefined })],
    ['a fractional receivedAtMs', job([log()], { receivedAtMs: 1.5 })],
    ['no logs', job([])],
    ['1,001 logs', job(Array.from({ length: 1001 }, () => log()))],
    ['a log that is not an object', job([42])],
    ['a bad log id', job([log({ id: 'x' })])],
    ['a numeric message', job([log({ message: 42 })])],
    ['an unknown level', job([log({ level: 'TRACE' })])],
    ['a lower-case level', job([log({ level: 'info' })])],
    ['a timestamp as text', job([log({ timestampMs: '1790000000000' })])],
    ['a fractional timestamp', job([log({ timestampMs: 1.5 })])],
    ['a numeric clampedFrom', job([log({ clampedFrom: 5 })])],
    ['an environment of 65 characters', job([log({ environment: 'e'.repeat(65) })])],
    ['a missing host', job([log({ host: undefined })])],
    ['a null logger', job([log({ logger: null })])],
    ['tags that are not strings', job([log({ tags: ['a', 1] })])],
    ['tags as text', job([log({ tags: 'a' })])],
    ['metadata as an array', job([log({ metadata: [1] })])],
    ['metadata as text', job([log({ metadata: 'x' })])],
    ['a missing context', job([log({ context: undefined })])],
    ['an exception with numeric frames', job([log({ exception: { type: 'E', frames: 5 } })])],
    ['an exception as text', job([log({ exception: 'E' })])],
    ['a fingerprint of numbers', job([log({ fingerprint: [1] })])],
    ['one bad log among good ones', job([log(), log({ level: 'NOPE' }), log()])],
  ];
  it.each(broken)('refuses %s, as the schema does', (_what, data) => {
    expect(IngestJobSchema.safeParse(data).success).toBe(false);
    expect(readIngestJob(data)).toBeUndefined();
  });
});
