import { describe, expect, it } from 'vitest';
import type { AlertMessage } from './alert-message.js';
import { renderAlertEmail, renderSlackMessage } from './render-alert.js';
import { trimStack } from './trim-stack.js';

const message: AlertMessage = {
  kind: 'alert',
  rule: { id: 'r1', name: 'Ödeme <hataları>', type: 'new_group' },
  project: { id: 'p1', name: 'Mağaza' },
  title: 'Yeni hata grubu: <script>alert(1)</script>',
  at: '2026-11-22T07:00:00.000Z',
  group: {
    id: 'g1',
    sampleMessage: '<img src=x onerror=alert(1)> Ödeme alınamadı',
    level: 'CRITICAL',
    environments: ['production', 'staging'],
    count: 12345,
    firstSeen: '2026-11-21T21:00:00.000Z',
    lastSeen: '2026-11-22T06:59:00.000Z',
    exception: { type: 'PaymentError', value: 'Kart "reddedildi" & iptal', stack: 'File "app.py", line 3' },
    link: 'https://seyir.example.com/projects/p1/groups/g1',
  },
  threshold: null,
  performance: null,
  quota: null,
  digest: null,
  links: { app: 'https://seyir.example.com/projects/p1/groups/g1', muteHour: 'https://seyir.example.com/api/v1/alerts/mute?token=a.b', muteDay: 'https://seyir.example.com/api/v1/alerts/mute?token=c.d' },
};

describe('alert e-mail', () => {
  it('carries the evidence in Turkish, with Istanbul times and Turkish number grouping', () => {
    const mail = renderAlertEmail(message);
    expect(mail.subject).toBe('[Seyir] Yeni hata grubu: <script>alert(1)</script>');
    expect(mail.text).toContain('Seviye: Kritik (CRITICAL)');
    expect(mail.text).toContain('Ortam: production, staging');
    expect(mail.text).toContain('Toplam: 12.345');
    expect(mail.text).toContain('İlk görülme: 22.11.2026 00:00:00');
    expect(mail.text).toContain('İstisna: PaymentError: Kart "reddedildi" & iptal');
    expect(mail.text).toContain('24 saat sessize al: https://seyir.example.com/api/v1/alerts/mute?token=c.d');
  });

  it('escapes everything a log sender controls in the HTML part', () => {
    const { html } = renderAlertEmail(message);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; Ödeme alınamadı');
    expect(html).toContain('Kart &quot;reddedildi&quot; &amp; iptal');
    expect(html).toContain('Ödeme &lt;hataları&gt;');
  });

  it('escapes Slack control characters and keeps the links', () => {
    const slack = renderSlackMessage(message);
    const text = JSON.stringify(slack.blocks);
    expect(text).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(text).toContain('<https://seyir.example.com/api/v1/alerts/mute?token=a.b|1 saat>');
  });
});

describe('performance alerts', () => {
  it('say which route, the limit and the per-minute values in Turkish', () => {
    const latency: AlertMessage = {
      ...message,
      rule: { id: 'r2', name: 'Yavaş sipariş', type: 'latency' },
      title: 'Yavaşlık',
      group: null,
      performance: { kind: 'latency', route: 'GET /orders/{id}', environment: 'production', minutes: 5, limit: 500, observedMin: 612.5, observedMax: 1840, requests: 1200, held: null },
    };
    const text = renderAlertEmail(latency).text;
    expect(text).toContain('Rota: GET /orders/{id}');
    expect(text).toContain('Koşul: 5 dakika boyunca her dakika p95 > 500 ms');
    expect(text).toContain('Görülen: dakikalık p95 612,5 ms – 1.840 ms, 1.200 istek');
    const digest = renderAlertEmail({ ...latency, kind: 'digest', performance: { ...latency.performance!, kind: 'error_rate', route: null, limit: 5, held: 42 } }).text;
    expect(digest).toContain('Rota: Tüm istekler');
    expect(digest).toContain('her dakika 5xx oranı > %5');
    expect(digest).toContain('Bekleme süresinde: 42 hatalı (5xx) istek');
  });
});

describe('trimStack', () => {
  it('keeps the innermost 30 lines of a long traceback and marks the cut', () => {
    const traceback = Array.from({ length: 100 }, (_, i) => `line ${i}`).join('\n');
    const out = trimStack({ type: 'E', traceback });
    expect(out.startsWith('…\nline 70\n')).toBe(true);
    expect(out.endsWith('line 99')).toBe(true);
  });

  it('renders frames when there is no traceback text, and nothing without an exception', () => {
    expect(trimStack({ type: 'E', frames: [{ filename: 'app.py', lineno: 3, function: 'main', context_line: '  pay()  ' }] })).toBe('  File "app.py", line 3, in main\n    pay()');
    expect(trimStack(null)).toBe('');
  });
});
