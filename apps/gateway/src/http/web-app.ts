import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Router } from 'express';

const PLACEHOLDER = `<!doctype html><html lang="tr"><head><meta charset="utf-8"><title>Seyir</title></head>
<body><main><h1>Seyir</h1><p>Web arayüzü henüz derlenmedi. <code>npm start</code> derler; API <code>/api/v1</code> altında çalışıyor.</p></main></body></html>`;

/**
 * Serves the built React app: hashed assets cached for a year, index.html never cached, and
 * every other GET that is not an API path answered with index.html (history fallback) so deep
 * links work.
 */
export function webAppRoutes(webDist: string | undefined): Router {
  const router = express.Router();
  const index = webDist ? join(webDist, 'index.html') : undefined;
  if (webDist && index && existsSync(index)) {
    router.use('/assets', express.static(join(webDist, 'assets'), { immutable: true, maxAge: '365d', index: false, fallthrough: false }));
    router.use(express.static(webDist, { index: false, maxAge: '1h' }));
    router.get(/^\/(?!api\/|socket\.io\/).*/, (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(index);
    });
  } else {
    router.get(/^\/(?!api\/|socket\.io\/).*/, (_req, res) => {
      res.type('html').send(PLACEHOLDER);
    });
  }
  return router;
}
