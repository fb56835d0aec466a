import type { Express } from 'express';

/** A route the Express app answers: method and OpenAPI-style path (`/api/v1/projects/{projectId}`). */
export interface ListedRoute {
  method: string;
  path: string;
}

interface Layer {
  rawPath?: string | string[];
  route?: { path: string | RegExp; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** `:name` → `{name}`, and no trailing slash (except the root). */
export function toOpenApiPath(path: string): string {
  const p = path.replace(/:(\w+)/g, '{$1}').replace(/\/+/g, '/');
  return p.length > 1 ? p.replace(/\/$/, '') : p;
}

/**
 * Every method + path of an Express 5 app, found by walking its routers (mount paths come
 * from each layer's `rawPath`). Middleware without routes, and RegExp routes, are skipped.
 */
export function listExpressRoutes(app: Express): ListedRoute[] {
  const out: ListedRoute[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
      if (layer.route) {
        // A RegExp path is the web app's history fallback, not part of the API.
        if (typeof layer.route.path !== 'string') continue;
        for (const method of Object.keys(layer.route.methods)) {
          if (method !== '_all') out.push({ method: method.toUpperCase(), path: toOpenApiPath(prefix + layer.route.path) });
        }
      } else if (layer.handle?.stack) walk(layer.handle.stack, prefix + mount);
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return out;
}
