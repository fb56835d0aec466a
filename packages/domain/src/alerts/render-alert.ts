import { formatDecimalTr, formatNumberTr } from '../format/format-number.js';
import { LEVEL_LABELS, type LogLevel } from '../log/levels.js';
import type { AlertGroupEvidence, AlertMessage } from './alert-message.js';

const dateFormat = new Intl.DateTimeFormat('tr-TR', { timeZone: 'Europe/Istanbul', dateStyle: 'short', timeStyle: 'medium' });

/** An ISO time as Istanbul time, e.g. '22.11.2026 10:15:00'. */
function formatTimeTr(iso: string): string {
  return dateFormat.format(new Date(iso));
}

function levelLabel(level: string): string {
  return `${LEVEL_LABELS[level as LogLevel] ?? level} (${level})`;
}

const QUOTA_TEXT = {
  quota_80: 'Aylık log kotanızın %80’ine ulaştınız.',
  quota_100: 'Aylık log kotanızı doldurdunuz. Yeni loglar saklanmaya devam eder; aşım ücreti 10.000 log başına 10 ₺’dir.',
  overage: 'Kota aşımınız yeni bir 10.000 logluk dilime ulaştı.',
} as const;

/** Label/value lines of a message: one list, rendered as text and as an HTML table. */
function evidenceLines(message: AlertMessage): [string, string][] {
  const lines: [string, string][] = [['Proje', message.project.name], ['Kural', message.rule.name]];
  const g = message.group;
  if (g) {
    lines.push(
      ['Mesaj', g.sampleMessage],
      ['Seviye', levelLabel(g.level)],
      ['Ortam', g.environments.join(', ') || '-'],
      ['Toplam', formatNumberTr(g.count)],
      ['İlk görülme', formatTimeTr(g.firstSeen)],
      ['Son görülme', formatTimeTr(g.lastSeen)],
    );
    if (g.exception) lines.push(['İstisna', `${g.exception.type}: ${g.exception.value}`]);
  }
  const t = message.threshold;
  if (t) {
    lines.push(
      ['Koşul', `${t.minutes} dakikada ${formatNumberTr(t.count)} logdan fazla, seviye ≥ ${levelLabel(t.level)}`],
      ['Görülen', `en az ${formatNumberTr(t.observed)} log`],
    );
    if (t.environment) lines.push(['Ortam', t.environment]);
    if (t.search) lines.push(['Arama', t.search]);
  }
  const p = message.performance;
  if (p) lines.push(...performanceLines(p));
  const q = message.quota;
  if (q) lines.push(['Durum', QUOTA_TEXT[q.kind]], ['Eşik', `${formatNumberTr(q.threshold)} log (kota ${formatNumberTr(q.quota)})`], ['Ay', q.month.slice(0, 7)]);
  const d = message.digest;
  if (d) lines.push(['Bekleme süresinde', `${formatNumberTr(d.held)} olay daha`]);
  lines.push(['Zaman', formatTimeTr(message.at)]);
  return lines;
}

function performanceLines(p: NonNullable<AlertMessage['performance']>): [string, string][] {
  const latency = p.kind === 'latency';
  const value = (v: number) => (latency ? `${formatDecimalTr(v)} ms` : `%${formatDecimalTr(v)}`);
  const lines: [string, string][] = [
    ['Rota', p.route ?? 'Tüm istekler'],
    ['Koşul', `${p.minutes} dakika boyunca her dakika ${latency ? 'p95' : '5xx oranı'} > ${value(p.limit)}`],
  ];
  if (p.held !== null) lines.push(['Bekleme süresinde', `${formatNumberTr(p.held)} ${latency ? 'yavaş' : 'hatalı (5xx)'} istek`]);
  else lines.push(['Görülen', `dakikalık ${latency ? 'p95' : '5xx oranı'} ${value(p.observedMin)} – ${value(p.observedMax)}, ${formatNumberTr(p.requests)} istek`]);
  if (p.environment) lines.push(['Ortam', p.environment]);
  return lines;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

function digestGroupsText(groups: AlertGroupEvidence[]): string {
  return groups.map((g) => `- [${g.level}] ${g.sampleMessage.slice(0, 200)} (${formatNumberTr(g.count)}) ${g.link}`).join('\n');
}

/** The Turkish e-mail of an alert: subject, plain text and HTML carrying the same evidence. */
export function renderAlertEmail(message: AlertMessage): { subject: string; text: string; html: string } {
  const lines = evidenceLines(message);
  const stack = message.group?.exception?.stack ?? '';
  const digestGroups = message.digest?.groups ?? [];
  const text = [
    message.title,
    '',
    ...lines.map(([k, v]) => `${k}: ${v}`),
    ...(stack ? ['', 'Yığın izi (son satırlar):', stack] : []),
    ...(digestGroups.length ? ['', 'Gruplar:', digestGroupsText(digestGroups)] : []),
    '',
    `Seyir’de aç: ${message.links.app}`,
    `1 saat sessize al: ${message.links.muteHour}`,
    `24 saat sessize al: ${message.links.muteDay}`,
    '',
    'Bu e-postayı Seyir uyarı kuralınız gönderdi.',
  ].join('\n');
  const row = ([k, v]: [string, string]) =>
    `<tr><th align="left" style="padding:4px 12px 4px 0;color:#555;vertical-align:top">${escapeHtml(k)}</th><td style="padding:4px 0">${escapeHtml(v)}</td></tr>`;
  const html = `<!doctype html><html lang="tr"><head><meta charset="utf-8"><title>${escapeHtml(message.title)}</title></head>
<body style="font-family:Arial,sans-serif;color:#111">
<h2 style="margin:0 0 12px">${escapeHtml(message.title)}</h2>
<table style="border-collapse:collapse">${lines.map(row).join('')}</table>
${stack ? `<h3>Yığın izi (son satırlar)</h3><pre style="background:#f4f4f5;padding:8px;white-space:pre-wrap">${escapeHtml(stack)}</pre>` : ''}
${digestGroups.length ? `<h3>Gruplar</h3><ul>${digestGroups.map((g) => `<li><a href="${escapeHtml(g.link)}">[${escapeHtml(g.level)}] ${escapeHtml(g.sampleMessage.slice(0, 200))}</a> (${formatNumberTr(g.count)})</li>`).join('')}</ul>` : ''}
<p><a href="${escapeHtml(message.links.app)}">Seyir’de aç</a></p>
<p style="color:#555">Sessize al: <a href="${escapeHtml(message.links.muteHour)}">1 saat</a> · <a href="${escapeHtml(message.links.muteDay)}">24 saat</a></p>
</body></html>`;
  return { subject: `[Seyir] ${message.title}`, text, html };
}

/** Escapes Slack mrkdwn control characters in user-supplied text. */
function slackEscape(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** An incoming-webhook body for Slack: `text` (fallback) plus blocks with the evidence. */
export function renderSlackMessage(message: AlertMessage): { text: string; blocks: unknown[] } {
  const lines = evidenceLines(message).map(([k, v]) => `*${slackEscape(k)}:* ${slackEscape(v.slice(0, 500))}`);
  const stack = message.group?.exception?.stack;
  const blocks: unknown[] = [
    { type: 'header', text: { type: 'plain_text', text: message.title.slice(0, 150) } },
    { type: 'section', text: { type: 'mrkdwn', text: lines.join('\n').slice(0, 2900) } },
  ];
  if (stack) blocks.push({ type: 'section', text: { type: 'mrkdwn', text: `\`\`\`${slackEscape(stack).slice(-2800)}\`\`\`` } });
  if (message.digest?.groups.length) {
    blocks.push({ type: 'section', text: { type: 'mrkdwn', text: slackEscape(digestGroupsText(message.digest.groups)).slice(0, 2900) } });
  }
  blocks.push({
    type: 'context',
    elements: [{ type: 'mrkdwn', text: `<${message.links.app}|Seyir’de aç> · Sessize al: <${message.links.muteHour}|1 saat> · <${message.links.muteDay}|24 saat>` }],
  });
  return { text: `${message.title} (${message.project.name})`, blocks };
}
