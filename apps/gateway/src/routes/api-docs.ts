import { Router } from 'express';
import { buildOpenApiDocument } from '../openapi/build-openapi.js';
import { renderDocsPage } from '../openapi/docs-page.js';

/** `GET /api/openapi.json` (the OpenAPI 3.1 document) and `GET /docs` (its readable page). Public. */
export function apiDocsRoutes(version: string): Router {
  const router = Router();
  // Built once: the document depends only on the code.
  const document = buildOpenApiDocument(version);
  const page = renderDocsPage(document as Parameters<typeof renderDocsPage>[0]);
  router.get('/api/openapi.json', (_req, res) => {
    res.json(document);
  });
  router.get('/docs', (_req, res) => {
    res.type('html').send(page);
  });
  return router;
}
