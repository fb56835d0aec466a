import { QUERY_LANGUAGE_REFERENCE, QUERY_LIMITS_TEXT } from '@seyir/domain';

/** The page's own words (Turkish, as the product). */
const TEXT = {
  title: 'Seyir API başvurusu',
  intro: 'Tüm uç noktalar, parametreleri ve yanıt şemaları. Makine tarafından okunabilir belge:',
  auth: { bearer: 'Oturum belirteci (Bearer)', apiKey: 'API anahtarı (X-Seyir-Key)', none: 'Kimlik doğrulama yok' },
  parameters: 'Parametreler',
  body: 'İstek gövdesi',
  responses: 'Yanıtlar',
  required: 'zorunlu',
  schema: 'Şema',
  queryLanguage: 'Sorgu dili',
  queryIntro: 'Loglar ekranının arama kutusu ile logs, logs/stats/summary ve groups uç noktalarının q parametresi bu dili konuşur.',
  queryExample: 'Örnek',
  queryMeaning: 'Anlamı',
} as const;

/** The search language's reference (packages/domain/src/query/reference.ts) as HTML. */
function renderQueryLanguage(): string {
  const sections = QUERY_LANGUAGE_REFERENCE.map(
    (section) => `<h3>${esc(section.title)}</h3>${section.intro ? `<p>${esc(section.intro)}</p>` : ''}
<table><tr><th>${TEXT.queryExample}</th><th>${TEXT.queryMeaning}</th></tr>${section.rows
      .map((row) => `<tr><td><code>${esc(row.example)}</code></td><td>${esc(row.meaning)}</td></tr>`)
      .join('')}</table>`,
  ).join('\n');
  return `<h2 id="sorgu-dili">${TEXT.queryLanguage}</h2><p>${TEXT.queryIntro}</p>${sections}<p>${esc(QUERY_LIMITS_TEXT)}</p>`;
}

const esc = (s: unknown) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; schema?: Record<string, unknown> }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
  security?: Record<string, unknown>[];
}

function typeOf(schema: Record<string, unknown> | undefined): string {
  if (!schema) return '';
  const parts = [schema.type, schema.enum ? `(${(schema.enum as unknown[]).join(' | ')})` : '', schema.default !== undefined ? `= ${JSON.stringify(schema.default)}` : ''];
  if (schema.maximum !== undefined) parts.push(`≤ ${String(schema.maximum)}`);
  return parts.filter(Boolean).join(' ');
}

function renderOperation(method: string, path: string, op: Operation): string {
  const auth = op.security?.length ? (Object.keys(op.security[0]!)[0] === 'bearerAuth' ? TEXT.auth.bearer : TEXT.auth.apiKey) : TEXT.auth.none;
  const params = (op.parameters ?? [])
    .map((p) => `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td>${esc(typeOf(p.schema))}</td><td>${p.required ? TEXT.required : ''}</td></tr>`)
    .join('');
  const body = op.requestBody?.content?.['application/json']?.schema;
  const responses = Object.entries(op.responses ?? {})
    .map(([code, r]) => {
      const schema = r.content?.['application/json']?.schema;
      const shown = schema && !(schema as { $ref?: string }).$ref ? `<details><summary>${TEXT.schema}</summary><pre>${esc(JSON.stringify(schema, null, 2))}</pre></details>` : '';
      return `<li><b>${esc(code)}</b> ${esc(r.description ?? '')}${shown}</li>`;
    })
    .join('');
  const id = `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, '-');
  return `<section class="op" id="${esc(id)}">
  <h3><span class="m m-${esc(method)}">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code></h3>
  <p>${esc(op.summary ?? '')} <span class="auth">${esc(auth)}</span></p>
  ${op.description ? `<p class="desc">${esc(op.description).replace(/\n/g, '<br>')}</p>` : ''}
  ${params ? `<h4>${TEXT.parameters}</h4><table>${params}</table>` : ''}
  ${body ? `<h4>${TEXT.body}</h4><details open><summary>${TEXT.schema}</summary><pre>${esc(JSON.stringify(body, null, 2))}</pre></details>` : ''}
  <h4>${TEXT.responses}</h4><ul>${responses}</ul>
</section>`;
}

/** A self-contained HTML reference of an OpenAPI document (no scripts, no external assets). */
export function renderDocsPage(document: { info?: { version?: string }; paths?: Record<string, Record<string, Operation>> }): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(document.paths ?? {})) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] ?? '';
      byTag.set(tag, [...(byTag.get(tag) ?? []), renderOperation(method, path, op)]);
    }
  }
  const nav = [...byTag.keys()].map((t) => `<a href="#tag-${esc(t.replace(/\s+/g, '-'))}">${esc(t)}</a>`).join(' · ');
  const sections = [...byTag.entries()].map(([tag, ops]) => `<h2 id="tag-${esc(tag.replace(/\s+/g, '-'))}">${esc(tag)}</h2>${ops.join('\n')}`).join('\n');
  return `<!doctype html>
<html lang="tr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${TEXT.title}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:980px;margin:0 auto;padding:24px;color:#1f2937}
h2{border-bottom:1px solid #e5e7eb;padding-top:16px}.op{border:1px solid #e5e7eb;border-radius:8px;padding:8px 16px;margin:12px 0}
.m{display:inline-block;min-width:64px;text-align:center;border-radius:4px;color:#fff;font-size:13px;padding:2px 6px}
.m-get{background:#2563eb}.m-post{background:#16a34a}.m-put{background:#d97706}.m-patch{background:#7c3aed}.m-delete{background:#dc2626}
.auth{color:#6b7280;font-size:13px;margin-left:8px}table{border-collapse:collapse}th{text-align:left;padding:2px 12px 2px 0}td{border-top:1px solid #f3f4f6;padding:2px 12px 2px 0;vertical-align:top}
pre{background:#f9fafb;padding:8px;overflow:auto;font-size:12px}nav{margin:8px 0 16px}
</style></head><body>
<h1>${TEXT.title} <small>${esc(document.info?.version ?? '')}</small></h1>
<p>${TEXT.intro} <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1)</p>
<nav><a href="#sorgu-dili">${TEXT.queryLanguage}</a> · ${nav}</nav>
${renderQueryLanguage()}
${sections}
</body></html>`;
}
