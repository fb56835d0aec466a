import { z } from 'zod';
import { API_ROUTES, type RouteDoc } from './api-routes.js';

type JsonSchema = Record<string, unknown>;

/** JSON Schema (2020-12, OpenAPI 3.1's dialect) of what a client sends (`input`) or receives (`output`). */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** The error body every failure answers (see the error middleware). */
const ErrorBodySchema = z.object({
  detail: z.string().describe('Türkçe, kullanıcıya gösterilebilir açıklama'),
  code: z.string().describe('Makine kodu, ör. VALIDATION_FAILED, NOT_FOUND'),
  fields: z.record(z.string(), z.string()).optional().describe('422: alan başına Türkçe açıklama'),
});

const ERROR_STATUSES: Record<string, string> = {
  '401': 'Oturum yok veya geçersiz',
  '403': 'Rol yetmiyor',
  '404': 'Bulunamadı (başka kiracınınki de 404 döner)',
  '422': 'Geçersiz girdi',
  '429': 'Çok fazla istek (Retry-After)',
};

function parametersOf(route: RouteDoc): unknown[] {
  const params: unknown[] = [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string', ...(name === 'apiKey' ? {} : { format: 'uuid' }) },
  }));
  if (route.query) {
    const schema = jsonSchemaOf(route.query, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      params.push({ name, in: 'query', required: schema.required?.includes(name) ?? false, schema: property });
    }
  }
  return params;
}

function operationOf(route: RouteDoc): Record<string, unknown> {
  const status = String(route.status ?? 200);
  const responses: Record<string, unknown> = {
    [status]: status === '204' ? { description: 'İçerik yok' } : { description: 'Başarılı', content: { 'application/json': { schema: route.response ? jsonSchemaOf(route.response, 'output') : { type: 'object' } } } },
  };
  const errors = route.auth === 'none' ? ['422', '429'] : route.role ? ['401', '403', '404', '422'] : ['401', '404', '422'];
  for (const code of errors) responses[code] = { description: ERROR_STATUSES[code], content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  const operation: Record<string, unknown> = {
    operationId: `${route.method.toLowerCase()}${route.path.replace(/\{(\w+)\}/g, 'By_$1').replace(/[^A-Za-z0-9_]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    tags: [route.tag],
    summary: route.summary,
    ...(route.description || route.role ? { description: [route.description, route.role ? `Gerekli rol: ${route.role}.` : undefined].filter(Boolean).join('\n\n') } : {}),
    parameters: parametersOf(route),
    responses,
    security: route.auth === 'bearer' ? [{ bearerAuth: [] }] : route.auth === 'apiKey' ? [{ apiKeyHeader: [] }] : [],
  };
  if (route.body) {
    const schema = jsonSchemaOf(route.body, 'input');
    operation.requestBody = {
      required: true,
      content: { 'application/json': { schema }, ...(route.form ? { 'application/x-www-form-urlencoded': { schema } } : {}) },
    };
  } else if (route.path.startsWith('/api/ingest') && !route.path.endsWith('/timings')) {
    operation.requestBody = { required: true, description: route.description, content: { 'application/json': { schema: route.path.endsWith('/batch') ? { type: 'array', maxItems: 1000, items: { type: 'object' } } : { type: 'object' } } } };
  }
  return operation;
}

/**
 * The OpenAPI 3.1 document of the whole API, generated from the zod schemas the routes parse
 * their input with (API_ROUTES). Served at /api/openapi.json; /docs renders it.
 */
export function buildOpenApiDocument(version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of API_ROUTES) (paths[route.path] ??= {})[route.method.toLowerCase()] = operationOf(route);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Seyir API',
      version,
      description: 'Python arka uçları için log ve hata izleme. Hatalar her zaman {"detail": "<Türkçe>", "code": "<KOD>"} biçimindedir. Okunabilir sürüm: /docs',
    },
    externalDocs: { description: 'API başvuru sayfası', url: '/docs' },
    servers: [{ url: '/' }],
    tags: [...new Set(API_ROUTES.map((r) => r.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: { Error: jsonSchemaOf(ErrorBodySchema, 'output') },
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'POST /api/v1/auth/login yanıtındaki access_token' },
        apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-Seyir-Key', description: 'Projenin API anahtarı' },
      },
    },
  };
}
