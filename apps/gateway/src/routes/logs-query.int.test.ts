import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../test/test-gateway.js';
import { logSeeder } from './logs-test-seed.js';

/**
 * The search language (`q`) on the logs list, the logs stats and the groups list, on real
 * PostgreSQL: every operator against seeded logs whose answers are known, injection attempts
 * through every operator, and tenant isolation through `group:`.
 */
let gw: TestGateway;
let alice: string;
let projectId: string;
let otherProjectId: string;
let otherGroupId: string;
let payGroupId: string;
const HOUR = 3_600_000;
const MIN = 60_000;
const DAY = 24 * HOUR;
const h0 = Date.now() - 5 * HOUR;

// The messages double as the names the tests expect.
const PAY = 'Ödeme alınamadı: kart reddedildi';
const PAID = 'Ödeme alındı';
const STOCK = 'Stok güncellendi';
const DB = 'Veritabanı bağlantısı koptu';
const HEALTH = 'healthcheck ok';

beforeAll(async () => {
  gw = await startTestGateway();
  await gw.api.signUp('isletmeci');
  ({ token: alice } = await gw.api.signUp('alice'));
  const bob = await gw.api.signUp('bob');
  projectId = (await gw.api.createProject(alice, 'Mağaza', ['production', 'staging'])).id;
  otherProjectId = (await gw.api.createProject(bob.token, 'Gizli')).id;
  const seed = logSeeder(gw);
  const stored = await seed(projectId, [
    {
      message: PAY,
      level: 'ERROR',
      at: h0 + 10 * MIN,
      host: 'web-1',
      logger: 'shop.payments',
      tags: ['payments', 'checkout'],
      metadata: { user_id: 42, plan: 'pro', roles: ['admin'] },
      context: { order: { id: 'A-17' } },
      request: { method: 'POST' },
      response: { status_code: 502 },
      exception: { type: 'CardDeclinedError', value: 'limit aşıldı' },
    },
    {
      message: PAID,
      at: h0 + 20 * MIN,
      host: 'web-2',
      logger: 'shop.payments',
      tags: ['payments'],
      metadata: { user_id: '42', plan: 'free' },
      context: { order: { id: 'A-18' } },
      request: { method: 'GET' },
      response: { status_code: 200 },
    },
    { message: STOCK, level: 'WARNING', environment: 'staging', at: h0 + 30 * MIN, host: 'web-1', logger: 'shop.stock', tags: ['stock'], metadata: { user_id: 7 }, response: { status_code: 404 } },
    { message: DB, level: 'CRITICAL', at: h0 + 40 * MIN, host: 'db-1', logger: 'db', response: { status_code: 500 } },
    { message: HEALTH, level: 'DEBUG', at: Date.now() - 3 * DAY, host: 'web-1', logger: 'health' },
  ]);
  payGroupId = (await gw.api.get(`/api/v1/projects/${projectId}/logs/${stored.ids[0]}`, alice)).body.group_id;
  const other = await seed(otherProjectId, [{ message: 'Ödeme gizli', level: 'ERROR', at: h0, tags: ['payments'], metadata: { user_id: 42 } }]);
  otherGroupId = (await gw.api.get(`/api/v1/projects/${otherProjectId}/logs/${other.ids[0]}`, bob.token)).body.group_id;
});
afterAll(() => gw?.close());

const list = (q: string) => gw.api.get(`/api/v1/projects/${projectId}/logs/?${new URLSearchParams({ q, limit: '100' })}`, alice);
async function found(q: string): Promise<string[]> {
  const { status, body } = await list(q);
  expect(status, `${q}: ${JSON.stringify(body)}`).toBe(200);
  return body.items.map((i: { message: string }) => i.message).sort();
}
const sorted = (...messages: string[]) => [...messages].sort();

describe('q on GET /projects/:id/logs/: every operator against known answers', () => {
  const table: [string, string[]][] = [
    // free text, phrases, exclusion (Turkish folding as in `search`)
    ['ödeme', [PAY, PAID]],
    ['ÖDEME alınamadı', [PAY]],
    ['"kart reddedildi"', [PAY]],
    ['CardDeclined', [PAY]],
    ['-ödeme', [STOCK, DB, HEALTH]],
    // level with every comparison
    ['level:error', [PAY]],
    ['level:>=warning', [PAY, STOCK, DB]],
    ['level>error', [DB]],
    ['level:<info', [HEALTH]],
    ['level<=info', [PAID, HEALTH]],
    ['level!:debug', [PAY, PAID, STOCK, DB]],
    // built-in text fields, exact and prefix
    ['env:staging', [STOCK]],
    ['env:prod*', [PAY, PAID, DB, HEALTH]],
    ['host:web-1', [PAY, STOCK, HEALTH]],
    ['host!:web-*', [DB]],
    ['host:web_*', []],
    ['logger:shop.*', [PAY, PAID, STOCK]],
    ['has:exception', [PAY]],
    ['-has:metadata', [DB, HEALTH]],
    // tags
    ['tags:payments', [PAY, PAID]],
    ['tags:pay*', [PAY, PAID]],
    ['tags!:payments', [STOCK, DB, HEALTH]],
    // JSON fields: equality matches numbers, strings and array elements
    ['metadata.user_id:42', [PAY, PAID]],
    ['metadata.roles:admin', [PAY]],
    ['metadata.plan:pr*', [PAY]],
    ['metadata.plan!:pro', [PAID, STOCK, DB, HEALTH]],
    ['metadata.user_id:>10', [PAY, PAID]],
    ['metadata.user_id:<=7', [STOCK]],
    ['metadata.plan:>g', [PAY]],
    ['context.order.id:"A-17"', [PAY]],
    ['context.order.id:A-1*', [PAY, PAID]],
    ['request.method:POST', [PAY]],
    ['response.status_code:>=500', [PAY, DB]],
    ['response.status_code<300', [PAID]],
    ['response.status_code:404', [STOCK]],
    ['exception.type:CardDeclinedError', [PAY]],
    // time
    ['since:1d', [PAY, PAID, STOCK, DB]],
    ['since:2h', []],
    // boolean structure
    ['(level:error OR level:critical) env:production', [PAY, DB]],
    ['tags:stock OR host:db-1', [STOCK, DB]],
    ['ödeme AND -tags:checkout', [PAID]],
    ['-(tags:payments OR level:debug)', [STOCK, DB]],
  ];
  it.each(table)('%s', async (q, expected) => {
    expect(await found(q)).toEqual(sorted(...expected));
  });

  it('reads absolute dates for since: and until: (Istanbul days, until inclusive of its day)', async () => {
    const day = (ms: number) => new Date(ms + 3 * HOUR).toISOString().slice(0, 10);
    expect(await found(`until:${day(Date.now() - 3 * DAY)}`)).toEqual([HEALTH]);
    expect(await found(`since:${day(Date.now() - 2 * DAY)} until:${day(Date.now() + DAY)}`)).toEqual(sorted(PAY, PAID, STOCK, DB));
  });

  it('combines q with the other filters and counts what it matched', async () => {
    const { body } = await gw.api.get(`/api/v1/projects/${projectId}/logs/?${new URLSearchParams({ q: 'tags:payments', level: 'ERROR' })}`, alice);
    expect(body.items.map((i: { message: string }) => i.message)).toEqual([PAY]);
    expect(body).toMatchObject({ total: 1, counts: { total: 1, error: 1 } });
    const stats = await gw.api.get(`/api/v1/projects/${projectId}/logs/stats/summary?${new URLSearchParams({ q: 'level:>=warning' })}`, alice);
    expect(stats.body).toEqual({ total_logs: 3, level_distribution: { CRITICAL: 1, ERROR: 1, WARNING: 1 }, total_is_estimate: false });
  });

  it('answers 422 with the position of the wrong character, never a 500', async () => {
    const { status, body } = await list('level:fatalish OR');
    expect(status).toBe(422);
    expect(body).toMatchObject({ code: 'VALIDATION_FAILED', detail: '7. karakterde hata: Geçersiz seviye "fatalish"; debug, info, warning, error veya critical olmalıdır.' });
    expect(body.fields.q).toBe(body.detail);
    for (const bad of ['(', ')', '"', 'a OR', 'metadata:', 'status:resolved', '-', 'x'.repeat(1001)]) expect((await list(bad)).status, bad).toBe(422);
  });
});

describe('q: tenant isolation', () => {
  it('group: with its own group finds the group’s logs', async () => {
    expect(await found(`group:${payGroupId}`)).toEqual([PAY]);
  });

  it('group: with another project’s group id finds nothing, in logs and in groups', async () => {
    expect(await found(`group:${otherGroupId}`)).toEqual([]);
    expect(await found(`group:${otherGroupId} OR metadata.user_id:42 OR tags:payments`)).toEqual(sorted(PAY, PAID));
    const groups = await gw.api.get(`/api/v1/projects/${projectId}/groups?${new URLSearchParams({ q: `group:${otherGroupId}`, days: '30' })}`, alice);
    expect(groups.status).toBe(200);
    expect(groups.body.items).toEqual([]);
  });
});

describe('q: injection through every operator', () => {
  const payloads = [`'; DROP TABLE logs; --`, `x' OR '1'='1`, `%`, `_`, `\\`, `$1`, `1) OR (1=1`, `') OR true --`];
  const templates = [
    (p: string) => `"${p.replace(/["\\]/g, '\\$&')}"`,
    (p: string) => `host:"${p.replace(/["\\]/g, '\\$&')}"`,
    (p: string) => `logger:${p.replace(/\s/g, '')}*`,
    (p: string) => `tags:"${p.replace(/["\\]/g, '\\$&')}"`,
    (p: string) => `tags:${p.replace(/\s/g, '')}*`,
    (p: string) => `metadata.user_id:"${p.replace(/["\\]/g, '\\$&')}"`,
    (p: string) => `metadata.plan:${p.replace(/\s/g, '')}*`,
    (p: string) => `metadata.plan:>"${p.replace(/["\\]/g, '\\$&')}"`,
    (p: string) => `response.status_code:<"${p.replace(/["\\]/g, '\\$&')}"`,
    (p: string) => `context.order.id!:"${p.replace(/["\\]/g, '\\$&')}"`,
    (p: string) => `env:"${p.replace(/["\\]/g, '\\$&')}"`,
    (p: string) => `group:"${p.replace(/["\\]/g, '\\$&')}"`,
    (p: string) => `since:"${p.replace(/["\\]/g, '\\$&')}"`,
    (p: string) => `level:"${p.replace(/["\\]/g, '\\$&')}"`,
    (p: string) => `has:"${p.replace(/["\\]/g, '\\$&')}"`,
  ];

  it('never matches more than the literal value, never errors beyond a 422, and leaves the data intact', async () => {
    for (const template of templates) {
      for (const payload of payloads) {
        const q = template(payload);
        const { status, body } = await list(q);
        expect([200, 422], `${q} → ${status} ${JSON.stringify(body)}`).toContain(status);
        if (status === 200) {
          const messages = body.items.map((i: { message: string }) => i.message);
          // Only a negated filter (!:) may match: every log lacks the literal value.
          if (q.includes('!:')) expect(messages.sort(), q).toEqual(sorted(PAY, PAID, STOCK, DB, HEALTH));
          // Comparisons with a non-number compare as text (byte order), exactly as JavaScript does for ASCII.
          else if (q.startsWith('metadata.plan:>')) expect(messages.sort(), q).toEqual(sorted(...[['pro', PAY], ['free', PAID]].filter(([v]) => v! > payload).map(([, m]) => m!)));
          else if (q.startsWith('response.status_code:<'))
            expect(messages.sort(), q).toEqual(sorted(...[['502', PAY], ['200', PAID], ['404', STOCK], ['500', DB]].filter(([v]) => v! < payload).map(([, m]) => m!)));
          else expect(messages, q).toEqual([]);
        }
      }
    }
    // Paths cannot carry SQL either: a path is letters, digits, _ and - only, so anything else
    // is not a field at all (plain text, or a parse error).
    expect(await found(`metadata.a'b:1`)).toEqual([]);
    expect((await list(`metadata.a);--:1`)).status).toBe(422);
    expect((await list(`metadata.a'b.c:1`)).status).toBe(200);
    expect(await found('')).toHaveLength(5);
  });
});

describe('q on GET /projects/:id/groups', () => {
  const groups = async (q: string) => {
    const { status, body } = await gw.api.get(`/api/v1/projects/${projectId}/groups?${new URLSearchParams({ q, days: '30' })}`, alice);
    expect(status, JSON.stringify(body)).toBe(200);
    return body.items.map((g: { sample_message: string }) => g.sample_message).sort();
  };

  it('filters groups by text, level, env, tags, status and time', async () => {
    expect(await groups('ödeme')).toEqual(sorted(PAY, PAID));
    expect(await groups('level:>=error')).toEqual(sorted(PAY, DB));
    expect(await groups('env:staging')).toEqual([STOCK]);
    expect(await groups('tags:pay* -level:error')).toEqual([PAID]);
    expect(await groups('status:unresolved since:1d')).toEqual(sorted(PAY, PAID, STOCK, DB));
    expect(await groups('status:resolved')).toEqual([]);
    expect(await groups(`group:${payGroupId}`)).toEqual([PAY]);
  });

  it('refuses fields a group does not have with a 422 naming them', async () => {
    const { status, body } = await gw.api.get(`/api/v1/projects/${projectId}/groups?${new URLSearchParams({ q: 'metadata.user_id:42' })}`, alice);
    expect(status).toBe(422);
    expect(body.detail).toBe('1. karakterde hata: "metadata.user_id" alanı hata gruplarında kullanılamaz; loglar ekranında arayın.');
  });
});

describe('fields on GET /projects/:id/logs/: a saved view\'s extra columns', () => {
  const withFields = (params: Record<string, string>) => gw.api.get(`/api/v1/projects/${projectId}/logs/?${new URLSearchParams({ limit: '100', ...params })}`, alice);

  it('carries the asked columns on every listed log, null where a log has none, on both list paths', async () => {
    const fields = 'metadata.user_id,context.order.id,logger,release,metadata.roles';
    for (const params of [{ fields }, { fields, q: 'since:1d' }] as Record<string, string>[]) {
      const { status, body } = await withFields(params);
      expect(status, JSON.stringify(body)).toBe(200);
      const byMessage = Object.fromEntries(body.items.map((i: { message: string; fields: unknown }) => [i.message, i.fields]));
      expect(byMessage[PAY]).toEqual({ 'metadata.user_id': 42, 'context.order.id': 'A-17', logger: 'shop.payments', release: expect.any(String), 'metadata.roles': ['admin'] });
      expect(byMessage[PAID]).toMatchObject({ 'metadata.user_id': '42', 'context.order.id': 'A-18' });
      expect(byMessage[DB]).toMatchObject({ 'metadata.user_id': null, 'context.order.id': null, logger: 'db' });
    }
    const plain = await withFields({});
    expect(plain.body.items[0]).not.toHaveProperty('fields');
  });

  it('refuses columns that are not extra fields, and too many, with a Turkish detail', async () => {
    const bad = await withFields({ fields: "metadata.a'b" });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toBe('"metadata.a\'b" sütun olarak istenemez; logger, release ya da metadata.alan gibi özel bir alan olmalıdır.');
    expect((await withFields({ fields: 'message' })).status).toBe(422);
    const many = await withFields({ fields: Array.from({ length: 13 }, (_, i) => `metadata.k${i}`).join(',') });
    expect(many.status).toBe(422);
    expect(many.body.detail).toBe('En fazla 12 ek sütun istenebilir.');
  });
});

describe('GET /projects/:id/logs/fields', () => {
  it('lists the custom keys of the last 24 hours with top values, from this project only', async () => {
    const { status, body } = await gw.api.get(`/api/v1/projects/${projectId}/logs/fields`, alice);
    expect(status).toBe(200);
    expect(body.sampled).toBe(4); // the healthcheck is three days old
    const field = (key: string) => body.fields.find((f: { key: string }) => f.key === key);
    expect(field('metadata.user_id')).toEqual({ key: 'metadata.user_id', count: 3, values: [{ value: '42', count: 2 }, { value: '7', count: 1 }] });
    expect(field('tags')).toEqual({ key: 'tags', count: 3, values: [{ value: 'payments', count: 2 }, { value: 'checkout', count: 1 }, { value: 'stock', count: 1 }] });
    expect(field('response.status_code').count).toBe(4);
    expect(field('context.order.id').values).toEqual([{ value: 'A-17', count: 1 }, { value: 'A-18', count: 1 }]);
  });

  it('is 404 for someone outside the project', async () => {
    const outsider = (await gw.api.signUp('yabanci')).token;
    expect((await gw.api.get(`/api/v1/projects/${projectId}/logs/fields`, outsider)).status).toBe(404);
  });
});
