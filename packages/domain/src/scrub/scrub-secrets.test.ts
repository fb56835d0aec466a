import { describe, expect, it } from 'vitest';
import { createScrubber, FILTERED, isIban, isTcKimlikNo, scrubText } from './scrub-secrets.js';

describe('secret scrubbing', () => {
  const scrub = createScrubber(undefined);

  it('filters values under secret keys at any depth, case-insensitively', () => {
    expect(
      scrub({ user: 'ali', Password: 'hunter2', headers: { Authorization: 'Bearer abc', 'X-CSRF-Token': 'z', accept: 'json' }, list: [{ api_key: 'k' }] }),
    ).toEqual({ user: 'ali', Password: FILTERED, headers: { Authorization: FILTERED, 'X-CSRF-Token': FILTERED, accept: 'json' }, list: [{ api_key: FILTERED }] });
  });

  it('filters a secret key deep inside a field, down to the deepest nesting ingest accepts', () => {
    // 40 levels: the scrubber used to stop at 20 and pass deeper values on unscrubbed.
    let value: unknown = { password: 'hunter2', note: 'ok' };
    let expected: unknown = { password: FILTERED, note: 'ok' };
    for (let i = 0; i < 39; i++) {
      value = { inner: value };
      expected = { inner: expected };
    }
    expect(scrub(value)).toEqual(expected);
  });

  it('filters card numbers that pass Luhn, and leaves other long numbers alone', () => {
    expect(scrubText('kart 4111 1111 1111 1111 ile ödendi')).toBe(`kart ${FILTERED} ile ödendi`);
    expect(scrubText('sipariş 4111111111111112')).toBe('sipariş 4111111111111112');
  });

  it('filters Turkish national ids that pass their checksum', () => {
    expect(isTcKimlikNo('10000000146')).toBe(true);
    expect(isTcKimlikNo('10000000147')).toBe(false);
    expect(scrubText('tckn=10000000146 kayıt 12345678901')).toBe(`tckn=${FILTERED} kayıt 12345678901`);
  });

  it('filters IBANs with a valid check and bearer tokens', () => {
    expect(isIban('TR33 0006 1005 1978 6457 8413 26')).toBe(true);
    expect(scrubText('IBAN TR330006100519786457841326 gönder')).toBe(`IBAN ${FILTERED} gönder`);
    expect(scrubText('Authorization: Bearer eyJhbGciOi.payload.sig')).toBe(`Authorization: Bearer ${FILTERED}`);
  });

  it('honours allow lists, extra deny keys and switching off', () => {
    const custom = createScrubber({ allowKeys: ['token_type'], denyKeys: ['ssn'] });
    expect(custom({ token_type: 'bearer', ssn: '1', token: 'x' })).toEqual({ token_type: 'bearer', ssn: FILTERED, token: FILTERED });
    expect(createScrubber({ enabled: false })({ password: 'p' })).toEqual({ password: 'p' });
  });

  it('leaves clean values as they are, and copies only what it changes', () => {
    const clean = { logger: 'app.orders', lineno: 42, path: '/srv/app/orders.py', list: ['a', 1, null], nested: { order: 'order 12345 shipped' } };
    expect(scrub(clean)).toBe(clean);
    const dirty = { keep: { a: 1 }, nested: { password: 'p', other: 'x' }, list: ['ok', 'card 4111 1111 1111 1111'] };
    const out = scrub(dirty) as typeof dirty;
    expect(out).toEqual({ keep: { a: 1 }, nested: { password: FILTERED, other: 'x' }, list: ['ok', `card ${FILTERED}`] });
    expect(out.keep).toBe(dirty.keep);
    expect(dirty.nested.password).toBe('p');
    expect(dirty.list[1]).toBe('card 4111 1111 1111 1111');
  });

  it('scrubs under a key named __proto__ and keeps it as a key', () => {
    const parsed = JSON.parse('{"__proto__": {"token": "t"}, "a": "Bearer abcdefghijkl"}') as Record<string, unknown>;
    const out = scrub(parsed) as Record<string, unknown>;
    expect(JSON.parse(JSON.stringify(out))).toEqual(JSON.parse(`{"__proto__": {"token": "${FILTERED}"}, "a": "Bearer ${FILTERED}"}`));
  });

  it('finds tokens, IBANs and card numbers in texts whose other parts fail the first looks', () => {
    expect(scrubText('token\tabcdefgh12')).toBe(`token ${FILTERED}`);
    expect(scrubText('x TR33 0006 1005 1978 6457 8413 26')).toBe(`x ${FILTERED}`);
    expect(scrubText('4-1-1-1-1-1-1-1-1-1-1-1-1-1-1-1')).toBe(FILTERED);
    expect(scrubText('abcdefghij 1')).toBe('abcdefghij 1');
  });
});
