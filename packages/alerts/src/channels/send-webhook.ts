import { createHmac } from 'node:crypto';
import type { AlertMessage } from '@seyir/domain';
import { postJson, type PostOptions } from './post-json.js';

/** Headers of a Seyir webhook (documented in the README). */
export const WEBHOOK_HEADERS = {
  event: 'X-Seyir-Event',
  delivery: 'X-Seyir-Delivery',
  timestamp: 'X-Seyir-Timestamp',
  signature: 'X-Seyir-Signature',
} as const;

/**
 * `sha256=` + hex HMAC-SHA256 of `<timestamp>.<body>` with the channel's secret. Signing the
 * timestamp lets receivers refuse replays (e.g. older than 5 minutes).
 */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** Sends an alert as JSON (`{event, delivery_id, ...message}`) with a signature header. */
export async function sendWebhook(
  channel: { url: string; secret: string },
  message: AlertMessage,
  deliveryId: string,
  nowMs: number,
  options: Omit<PostOptions, 'headers'>,
): Promise<void> {
  const timestamp = Math.floor(nowMs / 1000);
  const body = JSON.stringify({ event: `seyir.${message.kind}`, delivery_id: deliveryId, ...message });
  await postJson(channel.url, body, {
    ...options,
    headers: {
      [WEBHOOK_HEADERS.event]: message.kind,
      [WEBHOOK_HEADERS.delivery]: deliveryId,
      [WEBHOOK_HEADERS.timestamp]: String(timestamp),
      [WEBHOOK_HEADERS.signature]: signWebhook(channel.secret, timestamp, body),
    },
  });
}
