import { describe, expect, it } from 'vitest';
import { createScrubber, FILTERED, isIban, isTcKimlikNo, scrubText } from './scrub-secrets.js';

describe('secret scrubbing', () => {
  const scrub = createScrubber(undefined);

  it('filters values under secret keys at any depth, case-insensitively', () => {
    expect(
      scrub({ user: 'ali', Password: 'hunter2', headers: { Authorization: 'Bearer abc', 'X-CSRF-Token': 'z', accept: 'json' }, list: [{ api_key: 'k' }] }),
    ).toEqual({ user: 'ali', Password: FILTERED, headers: { Authorization: FILTERED, 'X-CSRF-Token': FILTERED, accept: 'json' }, list: [{ api_key: FILTERED }] });
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
});
