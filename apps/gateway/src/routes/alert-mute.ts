import { ALERT_MESSAGES } from '@seyir/domain';
import { muteAlertRule } from '@seyir/db';
import { verifyMuteToken } from '@seyir/alerts';
import { Router, type Response } from 'express';
import type { AppDeps } from '../deps.js';
import { rateLimit } from '../http/rate-limit.js';

const escapeHtml = (v: string) => v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
const LABEL = { '1h': '1 saat', '24h': '24 saat' } as const;
const istanbul = new Intl.DateTimeFormat('tr-TR', { timeZone: 'Europe/Istanbul', dateStyle: 'short', timeStyle: 'short' });

function page(res: Response, status: number, title: string, body: string): void {
  res
    .status(status)
    .type('html')
    .set('cache-control', 'no-store')
    .set('referrer-policy', 'no-referrer')
    .send(
      `<!doctype html><html lang="tr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} · Seyir</title></head>` +
        `<body style="font-family:Arial,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem"><h1 style="font-size:1.4rem">${escapeHtml(title)}</h1>${body}</body></html>`,
    );
}

/**
 * The mute link of every alert, without login: the signed token (one rule, 1 h or 24 h,
 * valid 7 days) is the permission, since alerts also reach people without a Seyir account.
 * GET only shows a confirmation form — mail scanners open links, and a GET must not mute —
 * and the POST of that form mutes.
 */
export function alertMuteRoutes(deps: AppDeps): Router {
  const router = Router();
  const check = async (token: unknown) => (typeof token === 'string' ? verifyMuteToken(await deps.alerts.deps.signingKey(), token, deps.now().getTime()) : undefined);

  router.get('/mute', async (req, res) => {
    const mute = await check(req.query.token);
    if (!mute) return page(res, 400, 'Bağlantı geçersiz', `<p>${ALERT_MESSAGES.muteInvalid}</p>`);
    page(
      res,
      200,
      'Uyarıyı sessize al',
      `<p>Bu uyarı kuralı ${LABEL[mute.duration]} boyunca bildirim göndermeyecek.</p>` +
        `<form method="post" action="mute"><input type="hidden" name="token" value="${escapeHtml(String(req.query.token))}">` +
        `<button type="submit" style="padding:.5rem 1rem">${LABEL[mute.duration]} sessize al</button></form>`,
    );
  });

  router.post('/mute', rateLimit(deps, { name: 'alert-mute', points: 30, durationSeconds: 3600 }), async (req, res) => {
    const mute = await check((req.body as { token?: unknown } | undefined)?.token);
    if (!mute) return page(res, 400, 'Bağlantı geçersiz', `<p>${ALERT_MESSAGES.muteInvalid}</p>`);
    const rule = await muteAlertRule(deps.database.sql, mute.ruleId, new Date(deps.now().getTime() + mute.durationMs));
    if (!rule) return page(res, 404, 'Kural bulunamadı', `<p>${ALERT_MESSAGES.ruleNotFound}</p>`);
    page(res, 200, 'Uyarı sessize alındı', `<p>“${escapeHtml(rule.name)}” kuralı ${escapeHtml(istanbul.format(rule.mutedUntil))} saatine kadar sessiz.</p>`);
  });

  return router;
}
