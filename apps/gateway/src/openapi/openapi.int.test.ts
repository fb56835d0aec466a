import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { startTestGateway, type TestGateway } from '../test/test-gateway.js';
import { listExpressRoutes } from './list-routes.js';

let gw: TestGateway;
let document: any;

beforeAll(async () => {
  gw = await startTestGateway();
  const response = await fetch(`${gw.api.baseUrl}/api/openapi.json`);
  expect(response.status).toBe(200);
  document = await response.json();
});
afterAll(() => gw?.close());

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document that points to /docs', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(document.externalDocs.url).toBe('/docs');
  });

  it('lists every route the Express app answers, and nothing it does not', () => {
    const served = listExpressRoutes(createApp(gw.deps)).map((r) => `${r.method} ${r.path}`);
    const documented = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods as object).map((m) => `${m.toUpperCase()} ${path}`));
    expect(served.length).toBeGreaterThan(50);
    expect([...new Set(served)].sort()).toEqual([...new Set(documented)].sort());
  });

  it('describes parameters and bodies from the zod schemas the routes validate with', () => {
    const logs = document.paths['/api/v1/projects/{projectId}/logs'].get;
    const limit = logs.parameters.find((p: any) => p.name === 'limit');
    expect(limit).toMatchObject({ in: 'query', schema: { type: 'integer', minimum: 1, maximum: 500, default: 50 } });
    expect(logs.parameters.map((p: any) => p.name)).toEqual(expect.arrayContaining(['projectId', 'level', 'environment', 'search', 'start_time', 'end_time', 'skip', 'sortBy', 'sortOrder']));
    expect(logs.responses['200'].content['application/json'].schema.properties).toHaveProperty('total_is_estimate');
    const patch = document.paths['/api/v1/projects/{projectId}/groups/{groupId}'].patch;
    expect(patch.requestBody.content['application/json'].schema).toMatchObject({ properties: { status: {}, environment: {} }, required: ['status'] });
    expect(patch.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths['/api/ingest/batch'].post.security).toEqual([{ apiKeyHeader: [] }]);
    expect(document.paths['/api/v1/auth/login'].post.requestBody.content).toHaveProperty('application/x-www-form-urlencoded');
  });
});

describe('GET /docs', () => {
  it('is a readable Turkish HTML reference of every operation', async () => {
    const response = await fetch(`${gw.api.baseUrl}/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('<html lang="tr">');
    expect(html).toContain('Seyir API başvurusu');
    expect(html).toContain('/api/openapi.json');
    for (const path of Object.keys(document.paths)) expect(html).toContain(`<code>${path.replace(/&/g, '&#38;')}</code>`);
  });

  it('documents the search language with its Turkish examples', async () => {
    const html = await (await fetch(`${gw.api.baseUrl}/docs`)).text();
    expect(html).toContain('<h2 id="sorgu-dili">Sorgu dili</h2>');
    expect(html).toContain('<code>level:&#62;=warning</code>');
    expect(html).toContain('<code>context.order.id:&#34;A-17&#34;</code>');
    expect(html).toContain('Bir sorgu en fazla 1000 karakter');
  });
});
