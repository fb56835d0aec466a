import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkIngestKeyLimit } from '../test/ingest-key-limit.js';
import { startTestGateway, type TestGateway } from '../test/test-gateway.js';

/** Ingest over HTTP in embedded mode (the pipeline runs inline: 202 means committed). */
let gw: TestGateway;
let token: string;
let projectId: string;
let key: string;

beforeAll(async () => {
  gw = await startTestGateway({ database: 'pglite' });
  ({ token } = await gw.api.signUp('alici'));
  projectId = (await gw.api.createProject(token, 'Alım', ['production'])).id;
  key = (await gw.api.post(`/api/v1/projects/${projectId}/api-keys/`, { name: 'Gönderici' }, token)).body.key;
});
afterAll(() => gw?.close());

async function countLogs(): Promise<number> {
  const { rows } = await gw.deps.database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM logs WHERE project_id = $1', [projectId]);
  return rows[0]!.n;
}

describe('ingest endpoints', () => {
  it('stores the good logs of a batch and reports the bad ones by index', async () => {
    const before = await countLogs();
    const response = await gw.api.request('POST', '/api/ingest/batch', {
      headers: { 'x-seyir-key': key },
      json: [
        { message: 'Sipariş 1 oluşturuldu', level: 'info', environment: 'production' },
        { level: 'INFO' },
        { message: 'Stok azaldı', level: 'warn', tags: ['stok'] },
        { message: 'x', level: 'LOUD' },
        { message: 'Ödeme alınamadı', level: 'FATAL', timestamp: Math.floor(Date.now() / 1000) - 60 },
        'not an object',
        { message: 'Çok eski', timestamp: '2020-01-01T00:00:00Z' },
      ],
    });
    expect(response.status).toBe(202);
    expect(response.body.accepted).toBe(3);
    expect(response.body.rejected).toEqual([
      { index: 1, detail: 'message alanı gereklidir.' },
      { index: 3, detail: 'Geçersiz seviye. DEBUG, INFO, WARNING, ERROR veya CRITICAL olmalıdır.' },
      { index: 5, detail: 'Log bir JSON nesnesi olmalıdır.' },
      { index: 6, detail: 'Zaman damgası en uzun saklama süresinden (90 gün) eski.' },
    ]);
    expect(await countLogs()).toBe(before + 3);
    const { rows } = await gw.deps.database.sql.query<{ level: string }>(`SELECT level FROM logs WHERE project_id = $1 ORDER BY level`, [projectId]);
    expect(rows.map((r) => r.level)).toEqual(expect.arrayContaining(['INFO', 'WARNING', 'CRITICAL']));
  });

  it('accepts one log, the key in the path as the spec documents, and a gzip body', async () => {
    const single = await gw.api.post(`/api/ingest/${key}`, { message: 'Tek log', level: 'DEBUG' });
    expect(single.status).toBe(202);
    expect(single.body).toEqual({ accepted: 1, rejected: [] });
    // Where the answer's time went inside the gateway, stage by stage (W3C Server-Timing).
    const stages = String(single.headers.get('server-timing')).split(', ').map((part) => part.split(';dur='));
    expect(stages.map(([name]) => name)).toEqual(['admit', 'read', 'accept', 'queue']);
    for (const [, ms] of stages) expect(Number(ms)).toBeGreaterThanOrEqual(0);
    const body = gzipSync(JSON.stringify([{ message: 'Sıkıştırılmış 1' }, { message: 'Sıkıştırılmış 2' }]));
    const gz = await fetch(`${gw.api.baseUrl}/api/ingest/${key}/batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body,
    });
    expect(gz.status).toBe(202);
    expect(((await gz.json()) as { accepted: number }).accepted).toBe(2);
  });

  it('stores logs carrying NUL characters and cut emoji (what PostgreSQL cannot hold) with U+FFFD in their place', async () => {
    // As Python's json.dumps writes them: a NUL from binary data, half an emoji from a slice.
    const body = '[{"message":"ikili veri \\u0000 sonu","metadata":{"ham":"\\ud83d kesik"}},{"message":"yol C:\\\\u0000 kalır \\ud83d\\ude00"}]';
    const response = await fetch(`${gw.api.baseUrl}/api/ingest/batch`, { method: 'POST', headers: { 'x-seyir-key': key, 'content-type': 'application/json' }, body });
    expect(response.status).toBe(202);
    expect(((await response.json()) as { accepted: number }).accepted).toBe(2);
    const { rows } = await gw.deps.database.sql.query<{ message: string; metadata: Record<string, unknown> | null }>(
      `SELECT message, metadata FROM logs WHERE project_id = $1 AND (message LIKE 'ikili%' OR message LIKE 'yol%') ORDER BY message`,
      [projectId],
    );
    expect(rows).toEqual([
      { message: 'ikili veri \ufffd sonu', metadata: { ham: '\ufffd kesik' } },
      { message: 'yol C:\\u0000 kalır 😀', metadata: null },
    ]);
  });

  it('answers 400 with a Turkish detail for a body that is not JSON', async () => {
    const response = await fetch(`${gw.api.baseUrl}/api/ingest/batch`, { method: 'POST', headers: { 'x-seyir-key': key, 'content-type': 'application/json' }, body: '[{"message":' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { detail: string }).detail).toBe('İstek gövdesi geçerli bir JSON değil.');
  });

  it('refuses a missing, unknown or deactivated key with a Turkish 401', async () => {
    const missing = await gw.api.post('/api/ingest/batch', [{ message: 'x' }]);
    expect(missing.status).toBe(401);
    expect(missing.body.detail).toBe('API anahtarı gönderilmedi. X-Seyir-Key başlığını kullanın.');
    const unknown = await gw.api.request('POST', '/api/ingest/batch', { headers: { 'x-seyir-key': 'seyir_yok' }, json: [{ message: 'x' }] });
    expect(unknown.status).toBe(401);
    expect(unknown.body.detail).toBe('API anahtarı geçersiz veya devre dışı.');

    const created = await gw.api.post(`/api/v1/projects/${projectId}/api-keys/`, { name: 'Kapatılacak' }, token);
    await gw.api.put(`/api/v1/projects/${projectId}/api-keys/${created.body.id}/deactivate`, {}, token);
    await new Promise((r) => setTimeout(r, 5_100)); // the key cache trusts a lookup for 5 s
    const inactive = await gw.api.request('POST', '/api/ingest', { headers: { 'x-seyir-key': created.body.key }, json: { message: 'x' } });
    expect(inactive.status).toBe(401);
  });

  it('limits batch size, body size (after decompression) and message length', async () => {
    const tooMany = await gw.api.request('POST', '/api/ingest/batch', { headers: { 'x-seyir-key': key }, json: Array.from({ length: 1001 }, () => ({ message: 'x' })) });
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.detail).toBe('Bir toplu gönderimde en fazla 1000 log olabilir.');
    // 20 MB of JSON that gzips to a few KB: refused while decompressing.
    const bomb = gzipSync(Buffer.from(`[{"message":"${'a'.repeat(20 * 1024 * 1024)}"}]`));
    expect(bomb.length).toBeLessThan(100_000);
    const bombed = await fetch(`${gw.api.baseUrl}/api/ingest/batch`, {
      method: 'POST',
      headers: { 'x-seyir-key': key, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: bomb,
    });
    expect(bombed.status).toBe(413);
    // A gzip body cut short is a broken compression, said so (not "invalid JSON"), and stores nothing.
    const whole = gzipSync(JSON.stringify([{ message: 'Yarım kalan gzip' }]));
    const cut = await fetch(`${gw.api.baseUrl}/api/ingest/batch`, {
      method: 'POST',
      headers: { 'x-seyir-key': key, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: Buffer.concat([whole.subarray(0, 12), Buffer.from('bozuk veri')]),
    });
    expect(cut.status).toBe(400);
    expect(((await cut.json()) as { detail: string }).detail).toBe('İstek gövdesi açılamadı: sıkıştırılmış veri bozuk.');
    const long = await gw.api.request('POST', '/api/ingest/batch', { headers: { 'x-seyir-key': key }, json: [{ message: 'a'.repeat(40_000) }, { message: 'kısa' }] });
    expect(long.status).toBe(202);
    expect(long.body.rejected).toEqual([{ index: 0, detail: 'message en fazla 32768 karakter olabilir.' }]);
    const allBad = await gw.api.request('POST', '/api/ingest/batch', { headers: { 'x-seyir-key': key }, json: [{ level: 'INFO' }] });
    expect(allBad.status).toBe(422);
    expect(allBad.body.accepted).toBe(0);
  });

  it('deletes a deleted project’s logs with it', async () => {
    const other = await gw.api.createProject(token, 'Silinecek', ['production']);
    const otherKey = (await gw.api.post(`/api/v1/projects/${other.id}/api-keys/`, { name: 'Silinecek anahtar' }, token)).body.key;
    expect((await gw.api.request('POST', '/api/ingest/batch', { headers: { 'x-seyir-key': otherKey }, json: [{ message: 'a' }, { message: 'b' }] })).status).toBe(202);
    const count = async () =>
      (await gw.deps.database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM logs WHERE project_id = $1', [other.id])).rows[0]!.n;
    expect(await count()).toBe(2);
    expect((await gw.api.delete(`/api/v1/projects/${other.id}`, token)).status).toBe(204);
    expect(await count()).toBe(0);
  });

  it('stores a batch resent with the same Idempotency-Key once, and refuses a malformed key', async () => {
    const before = await countLogs();
    const at = new Date(Date.now() - 5_000).toISOString();
    const batch = [
      { message: 'Tekrar gönderilen 1', timestamp: at },
      { message: 'Tekrar gönderilen 2', level: 'ERROR', timestamp: at },
    ];
    const send = (idempotencyKey: string) => gw.api.request('POST', '/api/ingest/batch', { headers: { 'x-seyir-key': key, 'idempotency-key': idempotencyKey }, json: batch });
    // The first answer "lost": the client sends the same request again, then twice at once.
    expect((await send('istek-7f3a')).status).toBe(202);
    const again = await send('istek-7f3a');
    expect(again.status).toBe(202);
    expect(again.body.accepted).toBe(2);
    await Promise.all([send('istek-7f3a'), send('istek-7f3a')]);
    expect(await countLogs()).toBe(before + 2);
    const { rows } = await gw.deps.database.sql.query<{ count: number }>(
      `SELECT sum(count)::int AS count FROM log_groups WHERE project_id = $1 AND sample_message LIKE 'Tekrar gönderilen%'`,
      [projectId],
    );
    expect(rows[0]!.count).toBe(2);
    // Another key is another request.
    expect((await send('istek-8b1c')).status).toBe(202);
    expect(await countLogs()).toBe(before + 4);

    const bad = await send('iki kelime');
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('Idempotency-Key başlığı 1–128 görünür ASCII karakterden oluşmalıdır.');
    expect((await send('x'.repeat(129))).status).toBe(400);
    expect(await countLogs()).toBe(before + 4);
  });

  it('updates the key’s last_used', async () => {
    const keys = await gw.api.get(`/api/v1/projects/${projectId}/api-keys/`, token);
    const used = keys.body.find((k: { key: string }) => k.key.startsWith(key.slice(0, 8)) && k.key.endsWith(key.slice(-4)));
    expect(used.last_used).not.toBeNull();
  });
});

describe('per-key rate limit', () => {
  it('answers 429 with Retry-After and a Turkish detail past SEYIR_INGEST_KEY_RPS, stores nothing refused, and lets the key in again', async () => {
    const limited = await startTestGateway({ database: 'pglite', env: { SEYIR_INGEST_KEY_RPS: '5' } });
    try {
      const { token: t } = await limited.api.signUp('sinirli');
      const p = (await limited.api.createProject(t, 'Sınırlı', ['production'])).id as string;
      const k = (await limited.api.post(`/api/v1/projects/${p}/api-keys/`, { name: 'Sınırlı' }, t)).body.key as string;
      const accepted = await checkIngestKeyLimit([limited.api], k, 5);
      const { rows } = await limited.deps.database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM logs WHERE project_id = $1', [p]);
      expect(rows[0]!.n).toBe(accepted);
      // Keys too long to be keys are counted together under the sender's address, not one by one.
      const tooLong = [];
      for (let i = 0; i < 6; i++) tooLong.push((await limited.api.request('POST', '/api/ingest', { headers: { 'x-seyir-key': `${'x'.repeat(300)}${i}` }, json: { message: 'm' } })).status);
      expect(tooLong).toEqual([401, 401, 401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('ingest requests in flight', () => {
  /**
   * A gateway started with `env`, a project key on it, and a client that starts a batch body of
   * `length` bytes with `first` and goes quiet (`slow.end` finishes it; `slowAnswer` is its status).
   */
  async function withSlowUpload(env: Record<string, string>, user: string, length: number, first: string) {
    const { request } = await import('node:http');
    const small = await startTestGateway({ database: 'pglite', env });
    const { token: t } = await small.api.signUp(user);
    const p = (await small.api.createProject(t, 'Yavaş', ['production'])).id;
    const k = (await small.api.post(`/api/v1/projects/${p}/api-keys/`, { name: 'Yavaş' }, t)).body.key as string;
    const url = new URL(`${small.api.baseUrl}/api/ingest/batch`);
    const slow = request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'x-seyir-key': k, 'content-type': 'application/json', 'content-length': String(length) } });
    const slowAnswer = new Promise<number>((resolve) => slow.on('response', (r) => resolve(r.statusCode ?? 0)));
    slow.write(first);
    await new Promise((r) => setTimeout(r, 200));
    return { small, k, url, slow, slowAnswer };
  }

  it('answers 503 with Retry-After once SEYIR_INGEST_MAX_INFLIGHT requests are being read, and recovers after', async () => {
    // A client that starts a body and does not finish it holds the only slot.
    const { small, k, url, slow, slowAnswer } = await withSlowUpload({ SEYIR_INGEST_MAX_INFLIGHT: '1' }, 'yavas', 200, '[{"message":"yav');
    try {
      const refused = await fetch(url, { method: 'POST', headers: { 'x-seyir-key': k }, body: '[{"message":"hızlı"}]' });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('1');
      expect(((await refused.json()) as { detail: string }).detail).toBe('Sunucu şu anda yoğun; lütfen Retry-After süresi sonra tekrar deneyin.');
      const rest = 'aş"}]';
      slow.end(rest + ' '.repeat(200 - Buffer.byteLength('[{"message":"yav') - Buffer.byteLength(rest)));
      expect(await slowAnswer).toBe(202);
      const after = await fetch(url, { method: 'POST', headers: { 'x-seyir-key': k }, body: '[{"message":"hızlı"}]' });
      expect(after.status).toBe(202);
    } finally {
      await small.close();
    }
  });
  it('answers 503 once SEYIR_INGEST_MAX_INFLIGHT_MB of bodies are held, counting a gzip body as it inflates, and takes the same bodies after', async () => {
    // A 4 MB body on its way holds 4 of the 5 MB.
    const size = 4 * 1024 * 1024;
    const head = '[{"message":"büyük gövde"}]';
    const { small, k, url, slow, slowAnswer } = await withSlowUpload({ SEYIR_INGEST_MAX_INFLIGHT_MB: '5' }, 'dolu', size, head);
    try {
      // 1,000 logs that gzip to a few KB but inflate to 2 MB: refused while inflating.
      const big = gzipSync(JSON.stringify(Array.from({ length: 1000 }, (_, i) => ({ message: `Yinelenen ileti ${i} ${'x'.repeat(2000)}` }))));
      expect(big.length).toBeLessThan(100_000);
      const post = (body: Uint8Array | string, headers: Record<string, string> = {}) => fetch(url, { method: 'POST', headers: { 'x-seyir-key': k, ...headers }, body });
      const refused = await post(big, { 'content-encoding': 'gzip' });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('1');
      expect(((await refused.json()) as { detail: string }).detail).toBe('Sunucu şu anda yoğun; lütfen Retry-After süresi sonra tekrar deneyin.');
      // A body of known length that does not fit is refused before it is read.
      expect((await post(JSON.stringify([{ message: 'y'.repeat(1024 * 1024 + 100) }]))).status).toBe(503);
      slow.end(' '.repeat(size - Buffer.byteLength(head)));
      expect(await slowAnswer).toBe(202);
      // Nothing is held once the answers are sent: the refused gzip body is taken whole.
      const taken = await post(big, { 'content-encoding': 'gzip' });
      expect(taken.status).toBe(202);
      expect(((await taken.json()) as { accepted: number }).accepted).toBe(1000);
    } finally {
      await small.close();
    }
  });

  it('answers a wrong key, or a declared size past 5 MB, before the body is sent: a client need not upload it to learn', async () => {
    const { request } = await import('node:http');
    const url = new URL(`${gw.api.baseUrl}/api/ingest/batch`);
    const answerBeforeUpload = (apiKey: string, bytes: number) => {
      const upload = request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'x-seyir-key': apiKey, 'content-length': String(bytes) } });
      upload.on('error', () => undefined);
      upload.write('[{"message":"');
      return new Promise<{ status: number; detail: string }>((resolve) =>
        upload.on('response', (r) => {
          let body = '';
          r.on('data', (d: Buffer) => (body += d.toString()));
          r.on('end', () => {
            upload.destroy();
            resolve({ status: r.statusCode ?? 0, detail: (JSON.parse(body) as { detail: string }).detail });
          });
        }),
      );
    };
    expect(await answerBeforeUpload('yanlis-anahtar', 5 * 1024 * 1024)).toEqual({ status: 401, detail: 'API anahtarı geçersiz veya devre dışı.' });
    expect(await answerBeforeUpload(key, 6 * 1024 * 1024)).toEqual({ status: 413, detail: 'İstek gövdesi izin verilen boyutu aşıyor.' });
  });

  it('refuses a body in an encoding or charset it cannot read with a Turkish 415', async () => {
    const unreadable: Record<string, string>[] = [{ 'content-encoding': 'compress' }, { 'content-type': 'application/json; charset=latin1' }];
    for (const headers of unreadable) {
      const answer = await fetch(`${gw.api.baseUrl}/api/ingest`, { method: 'POST', headers: { 'x-seyir-key': key, ...headers }, body: '{"message":"x"}' });
      expect(answer.status).toBe(415);
      expect(((await answer.json()) as { detail: string }).detail).toBe('Desteklenmeyen içerik türü.');
    }
  });
});
