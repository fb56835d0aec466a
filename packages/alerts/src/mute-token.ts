import { createHmac, timingSafeEqual } from 'node:crypto';
import { MUTE_DURATIONS, type MuteDuration } from '@seyir/domain';

/** How long a mute link in an alert stays usable. */
export const MUTE_LINK_TTL_MS = 7 * 86_400_000;

interface MutePayload {
  /** Rule id. */
  r: string;
  /** Duration. */
  d: MuteDuration;
  /** Expiry of the link, epoch ms. */
  e: number;
}

const mac = (key: string, body: string) => createHmac('sha256', key).update(`mute.${body}`).digest('base64url');

/**
 * A mute link's token: `base64url(payload).base64url(HMAC-SHA256)`. It is a capability for one
 * thing only — muting one rule for 1 h or 24 h — so it works without login (alerts also reach
 * people who have no Seyir account, e.g. a team mailing list) and expires after 7 days.
 */
export function signMuteToken(key: string, ruleId: string, duration: MuteDuration, nowMs: number): string {
  const body = Buffer.from(JSON.stringify({ r: ruleId, d: duration, e: nowMs + MUTE_LINK_TTL_MS } satisfies MutePayload)).toString('base64url');
  return `${body}.${mac(key, body)}`;
}

/** The rule and duration a token names, or undefined when it is forged, malformed or expired. */
export function verifyMuteToken(key: string, token: string, nowMs: number): { ruleId: string; duration: MuteDuration; durationMs: number } | undefined {
  if (token.length > 512) return undefined;
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return undefined;
  const expected = Buffer.from(mac(key, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  let payload: MutePayload;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as MutePayload;
  } catch {
    return undefined;
  }
  if (typeof payload.r !== 'string' || !(payload.d in MUTE_DURATIONS) || typeof payload.e !== 'number' || payload.e < nowMs) return undefined;
  return { ruleId: payload.r, duration: payload.d, durationMs: MUTE_DURATIONS[payload.d] };
}
