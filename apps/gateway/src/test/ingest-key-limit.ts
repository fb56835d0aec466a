import { expect } from 'vitest';
import type { ApiClient } from './api-client.js';

/**
 * Sends one log at a time with `key`, to each gateway of `apis` in turn (they allow `perSecond`
 * requests a second per key, counted together when they share Redis), and
 * checks what a sender over the per-key limit sees: 429, Retry-After and the Turkish detail,
 * and that the key is let through again once Retry-After has passed. Returns the number of logs accepted.
 */
export async function checkIngestKeyLimit(apis: ApiClient[], key: string, perSecond: number): Promise<number> {
  let turn = 0;
  const send = () => apis[turn++ % apis.length]!.request('POST', '/api/ingest', { headers: { 'x-seyir-key': key }, json: { message: 'Sınır denemesi', level: 'INFO' } });
  const statuses: number[] = [];
  let limited: Awaited<ReturnType<typeof send>> | undefined;
  for (let i = 0; i <= perSecond && !limited; i++) {
    const answer = await send();
    statuses.push(answer.status);
    if (answer.status === 429) limited = answer;
  }
  expect(statuses.slice(0, perSecond)).toEqual(Array(perSecond).fill(202));
  expect(limited?.status).toBe(429);
  expect(limited!.body.detail).toBe('Bu API anahtarı için gönderim sınırı aşıldı; lütfen Retry-After süresi sonra tekrar deneyin.');
  const retryAfter = Number(limited!.headers.get('retry-after'));
  expect(retryAfter).toBe(1); // the window is one second
  await new Promise((r) => setTimeout(r, retryAfter * 1000 + 50));
  const again = await send();
  expect(again.status).toBe(202);
  return statuses.filter((s) => s === 202).length + 1;
}
