import { lookup } from 'node:dns/promises';
import { isPrivateHost } from '@seyir/domain';
import { DeliveryError } from './delivery-error.js';

export interface PostOptions {
  timeoutMs: number;
  allowPrivate: boolean;
  headers?: Record<string, string>;
}

/**
 * Refuses a host that resolves to a private address (unless allowed): the URL was checked when
 * the rule was saved, but DNS can change since. Redirects are not followed for the same reason.
 */
async function assertPublicHost(hostname: string): Promise<void> {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (isPrivateHost(host)) throw new DeliveryError('Adres özel bir ağa işaret ediyor; gönderilmedi.', true);
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host, { all: true });
  } catch {
    throw new DeliveryError(`Alan adı çözülemedi: ${host}`, false);
  }
  if (addresses.some((a) => isPrivateHost(a.address))) throw new DeliveryError('Alan adı özel bir ağ adresine çözülüyor; gönderilmedi.', true);
}

/** POSTs a JSON body with a time limit. Resolves on 2xx; throws a DeliveryError otherwise. */
export async function postJson(url: string, body: string, options: PostOptions): Promise<void> {
  const target = new URL(url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new DeliveryError('Yalnızca http ve https adreslerine gönderilir.', true);
  if (!options.allowPrivate) await assertPublicHost(target.hostname);
  let response: Response;
  try {
    response = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'user-agent': 'Seyir-Alerts/1', ...options.headers },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError';
    throw new DeliveryError(timedOut ? `Zaman aşımı (${options.timeoutMs} ms).` : `Bağlantı hatası: ${(error as Error).message}`, false);
  }
  await response.body?.cancel().catch(() => undefined);
  if (response.status >= 200 && response.status < 300) return;
  const retryable = response.status >= 500 || response.status === 408 || response.status === 429;
  throw new DeliveryError(`Alıcı HTTP ${response.status} ile yanıtladı.`, !retryable);
}
