import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { QueryNode } from './ast.js';
import { QueryParseError } from './query-error.js';
import { parseQuery, QUERY_MAX_DEPTH, QUERY_MAX_LENGTH, QUERY_MAX_TERMS, tryParseQuery } from './parse-query.js';

/** The AST without positions, so the table reads as the meaning of each query. */
function shape(node: QueryNode | undefined): unknown {
  if (!node) return undefined;
  if (node.kind === 'and' || node.kind === 'or') return { [node.kind]: node.children.map(shape) };
  if (node.kind === 'not') return { not: shape(node.child) };
  const { pos: _pos, kind, ...rest } = node;
  return { [kind]: rest };
}

const GROUP_ID = '0193a0b0-1234-7abc-8def-0123456789ab';

describe('parseQuery: query → AST', () => {
  const table: [string, unknown][] = [
    ['ödeme', { text: { text: 'ödeme' } }],
    ['ödeme hatası', { and: [{ text: { text: 'ödeme' } }, { text: { text: 'hatası' } }] }],
    ['"kart reddedildi"', { text: { text: 'kart reddedildi' } }],
    ['"tırnak \\"içinde\\""', { text: { text: 'tırnak "içinde"' } }],
    ['-healthcheck', { not: { text: { text: 'healthcheck' } } }],
    ['-"deneme ortamı"', { not: { text: { text: 'deneme ortamı' } } }],
    ['zaman aşımı*', { and: [{ text: { text: 'zaman' } }, { text: { text: 'aşımı' } }] }],
    ['level:error', { level: { levels: ['ERROR'] } }],
    ['level:WARN', { level: { levels: ['WARNING'] } }],
    ['level:>=warning', { level: { levels: ['WARNING', 'ERROR', 'CRITICAL'] } }],
    ['level>error', { level: { levels: ['CRITICAL'] } }],
    ['level:<info', { level: { levels: ['DEBUG'] } }],
    ['level<=info', { level: { levels: ['DEBUG', 'INFO'] } }],
    ['level!:debug', { not: { level: { levels: ['DEBUG'] } } }],
    ['env:Production', { attribute: { field: 'environment', value: 'production', prefix: false } }],
    ['environment:stag*', { attribute: { field: 'environment', value: 'stag', prefix: true } }],
    ['host:web-1', { attribute: { field: 'host', value: 'web-1', prefix: false } }],
    ['host!:web-*', { not: { attribute: { field: 'host', value: 'web-', prefix: true } } }],
    ['logger:shop.payments', { attribute: { field: 'logger', value: 'shop.payments', prefix: false } }],
    [`group:${GROUP_ID.toUpperCase()}`, { group: { id: GROUP_ID } }],
    ['has:exception', { has: { what: 'exception' } }],
    ['-has:tags', { not: { has: { what: 'tags' } } }],
    ['tags:payments', { tag: { value: 'payments', prefix: false } }],
    ['tag:pay*', { tag: { value: 'pay', prefix: true } }],
    ['metadata.user_id:42', { json: { column: 'metadata', path: ['user_id'], op: 'eq', value: '42', prefix: false } }],
    ['context.order.id:"A-17"', { json: { column: 'context', path: ['order', 'id'], op: 'eq', value: 'A-17', prefix: false } }],
    ['request.method:POST', { json: { column: 'request', path: ['method'], op: 'eq', value: 'POST', prefix: false } }],
    ['response.status_code:>=500', { json: { column: 'response', path: ['status_code'], op: 'gte', value: '500', prefix: false } }],
    ['response.status_code<300', { json: { column: 'response', path: ['status_code'], op: 'lt', value: '300', prefix: false } }],
    ['metadata.plan!:free', { not: { json: { column: 'metadata', path: ['plan'], op: 'eq', value: 'free', prefix: false } } }],
    ['metadata.sku:"A*"', { json: { column: 'metadata', path: ['sku'], op: 'eq', value: 'A*', prefix: false } }],
    ['exception.type:Value*', { json: { column: 'exception', path: ['type'], op: 'eq', value: 'Value', prefix: true } }],
    ['since:1h', { time: { bound: 'since', agoMs: 3_600_000 } }],
    ['since:2w', { time: { bound: 'since', agoMs: 14 * 86_400_000 } }],
    ['since:2026-11-01', { time: { bound: 'since', at: new Date('2026-10-31T21:00:00Z') } }],
    ['until:2026-11-01', { time: { bound: 'until', at: new Date('2026-11-01T21:00:00Z') } }],
    ['until:2026-11-01T10:00:00Z', { time: { bound: 'until', at: new Date('2026-11-01T10:00:00.001Z') } }],
    ['a OR b', { or: [{ text: { text: 'a' } }, { text: { text: 'b' } }] }],
    ['a b OR c', { or: [{ and: [{ text: { text: 'a' } }, { text: { text: 'b' } }] }, { text: { text: 'c' } }] }],
    ['a AND (b OR c)', { and: [{ text: { text: 'a' } }, { or: [{ text: { text: 'b' } }, { text: { text: 'c' } }] }] }],
    ['a or b', { and: [{ text: { text: 'a' } }, { text: { text: 'or' } }, { text: { text: 'b' } }] }],
    ['-(level:debug OR level:info)', { not: { or: [{ level: { levels: ['DEBUG'] } }, { level: { levels: ['INFO'] } }] } }],
    ['((a))', { text: { text: 'a' } }],
    ['a (b c)', { and: [{ text: { text: 'a' } }, { text: { text: 'b' } }, { text: { text: 'c' } }] }],
    ['12:30', { text: { text: '12:30' } }],
    ['   ', undefined],
    ['', undefined],
  ];
  it.each(table)('%s', (query, expected) => {
    expect(shape(parseQuery(query))).toEqual(expected);
  });

  it('keeps the position of every term', () => {
    expect(parseQuery('ödeme  level:error')).toEqual({
      kind: 'and',
      children: [
        { kind: 'text', pos: 0, text: 'ödeme' },
        { kind: 'level', pos: 7, levels: ['ERROR'] },
      ],
    });
  });

  it('answers group queries over the fields groups have', () => {
    expect(shape(parseQuery('status:unresolved level:>=error env:prod', 'groups'))).toEqual({
      and: [{ status: { status: 'unresolved' } }, { level: { levels: ['ERROR', 'CRITICAL'] } }, { attribute: { field: 'environment', value: 'prod', prefix: false } }],
    });
  });
});

describe('parseQuery: query → error position and Turkish message', () => {
  const table: [string, number, string][] = [
    ['ödeme "kart', 6, '7. karakterde hata: Tırnak kapatılmamış; ifadeyi " ile bitirin.'],
    ['a (', 2, '3. karakterde hata: "(" kapatılmamış; bir ")" ekleyin.'],
    ['(a OR b', 0, '1. karakterde hata: "(" kapatılmamış; bir ")" ekleyin.'],
    ['a b)', 3, '4. karakterde hata: Beklenmeyen ")"; karşılığı olan bir "(" yok.'],
    [')', 0, '1. karakterde hata: Beklenmeyen ")"; karşılığı olan bir "(" yok.'],
    ['a ()', 3, '4. karakterde hata: Parantezlerin içi boş.'],
    ['OR a', 0, '1. karakterde hata: "OR" iki koşulun arasında olmalıdır.'],
    ['a OR', 2, '3. karakterde hata: "OR" iki koşulun arasında olmalıdır.'],
    ['a AND OR b', 2, '3. karakterde hata: "AND" iki koşulun arasında olmalıdır.'],
    ['a - b', 2, '3. karakterde hata: "-" işaretinden hemen sonra dışlanacak bir kelime veya koşul gelmelidir.'],
    ['level: error', 6, '7. karakterde hata: "level" alanından sonra bir değer bekleniyordu (ör. level:değer).'],
    ['level:fatalish', 6, '7. karakterde hata: Geçersiz seviye "fatalish"; debug, info, warning, error veya critical olmalıdır.'],
    ['level:err*', 9, '10. karakterde hata: "level" alanında joker (*) kullanılamaz.'],
    ['x colour:red', 2, '3. karakterde hata: Bilinmeyen alan "colour". Kullanılabilenler: level, env, host, logger, release, group, has, status, since, until, tags, metadata.*, context.*, request.*, response.*, exception.*; iki nokta içeren bir metni aramak için tırnak içine alın.'],
    ['metadata:1', 0, '1. karakterde hata: "metadata" alanı bir anahtarla yazılır (ör. metadata.user_id:42).'],
    ['metadata..x:1', 9, '10. karakterde hata: Alan yolu harf, rakam, "_" veya "-" içeren, noktayla ayrılmış en fazla 8 parçadan oluşmalıdır.'],
    ['host:>web', 4, '5. karakterde hata: "host" alanında ":>" kullanılamaz; yalnızca ":" ve "!:" geçerlidir.'],
    ['host:w*b', 6, '7. karakterde hata: Joker (*) yalnızca değerin sonunda kullanılabilir.'],
    ['metadata.n:>5*', 13, '14. karakterde hata: Joker (*) karşılaştırma işleçleriyle (>, >=, <, <=) kullanılamaz.'],
    ['group:42', 6, '7. karakterde hata: Geçersiz grup kimliği "42".'],
    ['has:wings', 4, '5. karakterde hata: has: için geçersiz değer "wings"; exception, tags, metadata, context, request, response veya group olmalıdır.'],
    ['since:yesterday', 6, '7. karakterde hata: Geçersiz zaman "yesterday"; 30m, 1h, 7d gibi bir süre veya 2026-11-01 gibi bir tarih olmalıdır.'],
    ['since:2026-02-30', 6, '7. karakterde hata: Geçersiz zaman "2026-02-30"; 30m, 1h, 7d gibi bir süre veya 2026-11-01 gibi bir tarih olmalıdır.'],
    ['since:400d', 6, '7. karakterde hata: Süre en fazla 365 gün olabilir.'],
    ['status:resolved', 0, '1. karakterde hata: status: yalnızca hata gruplarında kullanılabilir.'],
    ['env:"bad env"', 4, '5. karakterde hata: Geçersiz ortam adı "bad env".'],
    ['a ""', 2, '3. karakterde hata: Tırnakların içi boş.'],
  ];
  it.each(table)('%s → position %i', (query, position, message) => {
    let caught: unknown;
    try {
      parseQuery(query);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(QueryParseError);
    expect((caught as QueryParseError).position).toBe(position);
    expect((caught as QueryParseError).message).toBe(message);
  });

  it('refuses fields the groups list does not have, pointing at the term', () => {
    expect(tryParseQuery('a metadata.user_id:1', 'groups')).toEqual({
      ok: false,
      error: {
        position: 2,
        reason: '"metadata.user_id" alanı hata gruplarında kullanılamaz; loglar ekranında arayın',
        message: '3. karakterde hata: "metadata.user_id" alanı hata gruplarında kullanılamaz; loglar ekranında arayın.',
      },
    });
    expect(tryParseQuery('host:web-1', 'groups').ok).toBe(false);
  });

  it('limits length, depth and terms', () => {
    expect(() => parseQuery('a'.repeat(QUERY_MAX_LENGTH))).not.toThrow();
    expect(tryParseQuery('a'.repeat(QUERY_MAX_LENGTH + 1))).toMatchObject({ ok: false, error: { position: QUERY_MAX_LENGTH } });
    const deep = (n: number) => '('.repeat(n) + 'a' + ')'.repeat(n);
    expect(() => parseQuery(deep(QUERY_MAX_DEPTH))).not.toThrow();
    expect(tryParseQuery(deep(QUERY_MAX_DEPTH + 1))).toMatchObject({ ok: false, error: { position: QUERY_MAX_DEPTH } });
    const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
    expect(() => parseQuery(words(QUERY_MAX_TERMS))).not.toThrow();
    expect(tryParseQuery(words(QUERY_MAX_TERMS + 1))).toMatchObject({ ok: false, error: { position: words(QUERY_MAX_TERMS).length + 1 } });
    expect(tryParseQuery(`metadata.x:${'v'.repeat(201)}`)).toMatchObject({ ok: false, error: { position: 11 } });
  });
});

describe('parseQuery: property tests', () => {
  const pieces = ['a', 'ödeme', '"', '(', ')', '-', 'OR', 'AND', ' ', ':', '!:', '>=', '<', '*', 'level', 'env', 'metadata.x', 'tags', 'since', '1h', 'error', '\\', '.', 'İ'];
  const queryish = fc.array(fc.constantFrom(...pieces), { maxLength: 40 }).map((parts) => parts.join(''));
  const anything = fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: 'grapheme', maxLength: 100 }), queryish);

  it('random input either parses or fails with a QueryParseError inside the query', () => {
    fc.assert(
      fc.property(anything, fc.constantFrom('logs' as const, 'groups' as const), (input, scope) => {
        try {
          parseQuery(input, scope);
        } catch (error) {
          if (!(error instanceof QueryParseError)) throw error;
          expect(error.position).toBeGreaterThanOrEqual(0);
          expect(error.position).toBeLessThanOrEqual(input.length);
          expect(error.message).toMatch(/^\d+\. karakterde hata: .+\.$/u);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('a valid query parses to the same tree after being wrapped in parentheses', () => {
    fc.assert(
      fc.property(queryish, (input) => {
        const direct = tryParseQuery(input);
        if (!direct.ok || !direct.query) return;
        const wrapped = tryParseQuery(`(${input})`);
        expect(wrapped.ok && shape(wrapped.query)).toEqual(shape(direct.query));
      }),
      { numRuns: 1000 },
    );
  });
});
