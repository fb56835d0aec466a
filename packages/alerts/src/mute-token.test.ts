import { describe, expect, it } from 'vitest';
import { MUTE_LINK_TTL_MS, signMuteToken, verifyMuteToken } from './mute-token.js';

const KEY = 'k'.repeat(64);
const RULE = '0190a0a0-0000-7000-8000-000000000001';

describe('mute link tokens', () => {
  it('name the rule and duration they were signed for', () => {
    const token = signMuteToken(KEY, RULE, '24h', 1_000);
    expect(verifyMuteToken(KEY, token, 2_000)).toEqual({ ruleId: RULE, duration: '24h', durationMs: 86_400_000 });
  });

  it('are refused when forged, tampered with, signed by another key or expired', () => {
    const token = signMuteToken(KEY, RULE, '1h', 1_000);
    const [body, sig] = token.split('.') as [string, string];
    const otherBody = Buffer.from(JSON.stringify({ r: RULE, d: '24h', e: 9e15 })).toString('base64url');
    expect(verifyMuteToken(KEY, `${otherBody}.${sig}`, 2_000)).toBeUndefined();
    expect(verifyMuteToken(KEY, `${body}.${sig.slice(0, -2)}xx`, 2_000)).toBeUndefined();
    expect(verifyMuteToken('other-key', token, 2_000)).toBeUndefined();
    expect(verifyMuteToken(KEY, token, 1_000 + MUTE_LINK_TTL_MS + 1)).toBeUndefined();
    expect(verifyMuteToken(KEY, 'garbage', 2_000)).toBeUndefined();
  });
});
