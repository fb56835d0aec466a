import { ALERT_LIMITS } from './limits.js';
import { ALERT_MESSAGES as M } from './messages.js';

function ipv4Parts(host: string): number[] | undefined {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return undefined;
  const numbers = parts.map(Number);
  return numbers.every((n) => n <= 255) ? numbers : undefined;
}

/** Whether an IPv4 address is loopback, private, link-local, CGNAT, "this network" or multicast/reserved. */
function isPrivateIpv4([a, b]: number[]): boolean {
  if (a === undefined || b === undefined) return true;
  return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127) || a >= 224;
}

/**
 * Whether a host name or IP address (v4, or v6 with or without brackets) points at this machine
 * or a private network: localhost names, loopback, private, link-local, unique-local and
 * IPv4-mapped forms of those. Alert URLs to such hosts would let a project admin make the
 * server probe its own network (SSRF). Host names are also re-checked after DNS resolution.
 */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (host === '' || host === 'localhost' || host.endsWith('.localhost')) return true;
  const v4 = ipv4Parts(host);
  if (v4) return isPrivateIpv4(v4);
  if (!host.includes(':')) return false;
  if (host === '::' || host === '::1') return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host);
  if (mapped?.[1]) return isPrivateIpv4(ipv4Parts(mapped[1]) ?? []);
  if (/^::ffff:[0-9a-f]{1,4}:[0-9a-f]{1,4}$/.test(host)) return true; // mapped, hex form: refuse rather than decode
  const first = parseInt(host.split(':')[0] || '0', 16);
  return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80 || (first & 0xff00) === 0xff00;
}

/**
 * Checks an outgoing URL (webhook, Slack): http or https only, no user name or password, at
 * most 2,048 characters. Answers the Turkish problem, or undefined when it is acceptable.
 * Private hosts are refused unless `allowPrivate` (tests, closed networks).
 */
export function checkOutgoingUrl(raw: string, allowPrivate = false): string | undefined {
  if (raw.length > ALERT_LIMITS.maxUrlLength) return M.urlTooLong;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return M.urlInvalid;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return M.urlInvalid;
  if (url.username || url.password) return M.urlCredentials;
  if (!allowPrivate && isPrivateHost(url.hostname)) return M.urlPrivate;
  return undefined;
}
