import { describe, expect, it } from 'vitest';
import type { ExceptionInfo, Frame } from '../log/exception.js';
import { computeFingerprint, messageFingerprint, type FingerprintInput } from './compute-fingerprint.js';
import { createTemplateMiner } from './template-miner.js';

function appFrame(fn: string, lineno: number, code: string, module = 'app.views'): Frame {
  return { filename: `${module.replace(/\./g, '/')}.py`, abs_path: `/srv/${module.replace(/\./g, '/')}.py`, module, function: fn, lineno, context_line: code, in_app: true };
}

function libFrame(fn: string, lineno: number): Frame {
  return { filename: 'requests/sessions.py', abs_path: '/usr/lib/python3.11/site-packages/requests/sessions.py', module: 'requests.sessions', function: fn, lineno, context_line: 'resp = self.send(prep)', in_app: false };
}

function log(exception: ExceptionInfo, extra: Partial<FingerprintInput> = {}): FingerprintInput {
  return { message: 'İstek başarısız', level: 'ERROR', exception, ...extra };
}

function group(input: FingerprintInput): string {
  return computeFingerprint(input, createTemplateMiner()).fingerprint;
}

const checkout: ExceptionInfo = {
  type: 'ValueError',
  value: 'order 12 has no items',
  frames: [appFrame('dispatch', 10, 'return handler(request)', 'app.urls'), libFrame('request', 500), appFrame('checkout', 42, 'validate(order)')],
};

describe('computeFingerprint for exceptions', () => {
  it('gives a v1 sha-256 fingerprint, the type and the culprit as template, and a Turkish reason', () => {
    const result = computeFingerprint(log(checkout), createTemplateMiner());
    expect(result.fingerprint).toMatch(/^v1:[0-9a-f]{64}$/);
    expect(result.kind).toBe('exception');
    expect(result.template).toBe('ValueError: in app.views.checkout');
    expect(result.reason).toContain('ValueError');
    expect(result.reason).toContain('çağrı yığını');
  });

  it('does not split a group when lines shift or the message carries other numbers', () => {
    const shifted: ExceptionInfo = {
      ...checkout,
      value: 'order 9081 has no items',
      frames: [appFrame('dispatch', 14, 'return handler(request)', 'app.urls'), libFrame('request', 517), appFrame('checkout', 61, 'validate(order)')],
    };
    expect(group(log(shifted))).toBe(group(log(checkout)));
  });

  it('splits when a different in-app function raises', () => {
    const other: ExceptionInfo = { ...checkout, frames: [...checkout.frames!.slice(0, 2), appFrame('refund', 42, 'validate(order)')] };
    expect(group(log(other))).not.toBe(group(log(checkout)));
  });

  it('ignores site-packages frames when in-app frames exist', () => {
    const otherLibrary: ExceptionInfo = { ...checkout, frames: [checkout.frames![0]!, libFrame('send', 3), libFrame('urlopen', 9), checkout.frames![2]!] };
    expect(group(log(otherLibrary))).toBe(group(log(checkout)));
  });

  it('counts recursion once however deep it went', () => {
    const recurse = (depth: number): ExceptionInfo => ({
      type: 'RecursionError',
      value: 'maximum recursion depth exceeded',
      frames: [appFrame('main', 3, 'walk(tree)'), ...Array.from({ length: depth }, (_, i) => appFrame('walk', 20 + (i % 2), 'return walk(node.child)'))],
    });
    expect(group(log(recurse(5)))).toBe(group(log(recurse(900))));
  });

  it('takes chained causes into account', () => {
    const wrap = (cause: ExceptionInfo): ExceptionInfo => ({ type: 'PaymentError', value: 'charge failed', frames: [appFrame('pay', 8, 'raise PaymentError("charge failed") from exc')], cause, cause_relation: 'cause' });
    const timeout = wrap({ type: 'TimeoutError', value: 'timed out', frames: [appFrame('call_gateway', 30, 'return client.post(url)')] });
    const refused = wrap({ type: 'ConnectionRefusedError', value: 'refused', frames: [appFrame('call_gateway', 30, 'return client.post(url)')] });
    const timeoutAgain = wrap({ type: 'TimeoutError', value: 'timed out after 31s', frames: [appFrame('call_gateway', 44, 'return client.post(url)')] });
    expect(group(log(timeout))).not.toBe(group(log(refused)));
    expect(group(log(timeoutAgain))).toBe(group(log(timeout)));
  });

  it('falls back to the type and the value without numbers when there are no frames', () => {
    const a = computeFingerprint(log({ type: 'TimeoutError', value: 'gave up after 30 s on 10.0.0.5' }), createTemplateMiner());
    const b = computeFingerprint(log({ type: 'TimeoutError', message: 'gave up after 45 s on 10.0.0.9' }), createTemplateMiner());
    const other = computeFingerprint(log({ type: 'KeyError', value: 'gave up after 30 s on 10.0.0.5' }), createTemplateMiner());
    expect(b.fingerprint).toBe(a.fingerprint);
    expect(other.fingerprint).not.toBe(a.fingerprint);
    expect(a.template).toBe('TimeoutError: gave up after <*> on <*>');
  });

  it('parses a traceback string when only the text was sent, and line shifts still do not split', () => {
    const text = (line: number, order: number) => `Traceback (most recent call last):
  File "/srv/app/views.py", line ${line}, in checkout
    validate(order)
  File "/usr/lib/python3.11/site-packages/pydantic/main.py", line 200, in validate
    raise ValueError(msg)
ValueError: order ${order} has no items`;
    const first = computeFingerprint(log({ traceback: text(42, 1) }), createTemplateMiner());
    const second = computeFingerprint(log({ traceback: text(57, 2) }), createTemplateMiner());
    expect(first.kind).toBe('exception');
    expect(second.fingerprint).toBe(first.fingerprint);
    expect(first.template).toBe('ValueError: in views.checkout');
  });

  it('ignores the type of a synthetic exception', () => {
    const a = group(log({ type: 'Error', mechanism: { synthetic: true }, frames: [appFrame('run', 1, 'run()')] }));
    const b = group(log({ type: 'Other', mechanism: { synthetic: true }, frames: [appFrame('run', 1, 'run()')] }));
    expect(a).toBe(b);
  });
});

describe('computeFingerprint for messages', () => {
  it('groups by message template and explains it in Turkish', () => {
    const miner = createTemplateMiner();
    const a = computeFingerprint({ message: 'Kullanıcı 42 için oturum açıldı', level: 'INFO' }, miner);
    const b = computeFingerprint({ message: 'Kullanıcı 7 için oturum açıldı', level: 'INFO' }, miner);
    expect(a.kind).toBe('message');
    expect(b.fingerprint).toBe(a.fingerprint);
    expect(b.template).toBe('Kullanıcı <*> için oturum açıldı');
    expect(b.reason).toContain('şablon');
    expect(a.fingerprint).toBe(messageFingerprint(a.templateId!));
  });

  it('reports the fingerprints of message groups folded into this one', () => {
    const miner = createTemplateMiner();
    const results = ['admin', 'oracle', 'test', 'guest'].map((u) => computeFingerprint({ message: `Invalid user ${u} from 10.0.0.1`, level: 'WARNING' }, miner));
    const last = results[3]!;
    expect(last.fingerprint).toBe(results[0]!.fingerprint);
    expect(last.mergedFingerprints).toEqual(expect.arrayContaining([results[1]!.fingerprint, results[2]!.fingerprint]));
  });
});

describe('computeFingerprint with a client fingerprint', () => {
  it('replaces {{ default }} with the computed grouping and keeps it stable across line shifts', () => {
    const custom = (e: ExceptionInfo) => computeFingerprint(log(e, { fingerprint: ['{{ default }}', 'tenant-a'] }), createTemplateMiner());
    const shifted: ExceptionInfo = { ...checkout, frames: checkout.frames!.map((f) => ({ ...f, lineno: (f.lineno ?? 0) + 7 })) };
    expect(custom(checkout).kind).toBe('custom');
    expect(custom(checkout).template).toBe('ValueError: in app.views.checkout');
    expect(custom(shifted).fingerprint).toBe(custom(checkout).fingerprint);
    expect(custom(checkout).fingerprint).not.toBe(group(log(checkout)));
    expect(computeFingerprint(log(checkout, { fingerprint: ['{{default}}', 'tenant-b'] }), createTemplateMiner()).fingerprint).not.toBe(custom(checkout).fingerprint);
  });

  it('fills in type, level, logger, message and transaction, and takes other parts literally', () => {
    const base = log(checkout, { fingerprint: ['{{ type }}', '{{ level }}', '{{ logger }}', '{{ transaction }}', 'x'], logger: 'app.pay', transaction: '/checkout' });
    const first = computeFingerprint(base, createTemplateMiner());
    const otherFrames = computeFingerprint({ ...base, exception: { ...checkout, frames: [] } }, createTemplateMiner());
    const otherLevel = computeFingerprint({ ...base, level: 'CRITICAL' }, createTemplateMiner());
    const otherTransaction = computeFingerprint({ ...base, transaction: '/refund' }, createTemplateMiner());
    expect(otherFrames.fingerprint).toBe(first.fingerprint);
    expect(otherLevel.fingerprint).not.toBe(first.fingerprint);
    expect(otherTransaction.fingerprint).not.toBe(first.fingerprint);
    const byMessage = (message: string) => computeFingerprint({ message, level: 'INFO', fingerprint: ['{{ message }}'] }, createTemplateMiner()).fingerprint;
    expect(byMessage('a')).not.toBe(byMessage('b'));
    expect(first.reason).toContain('parmak izi');
  });
});
