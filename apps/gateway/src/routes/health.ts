import { Router } from 'express';
import type { AppDeps } from '../deps.js';

/** /healthz: the process answers. /readyz: its dependencies answer too (503 otherwise). */
export function healthRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const checks: Record<string, 'ok' | 'down'> = {};
    const withTimeout = <T>(p: Promise<T>) =>
      Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000))]);
    checks.database = await withTimeout(deps.database.ping()).then(
      () => 'ok' as const,
      () => 'down' as const,
    );
    if (deps.redis) {
      const redis = deps.redis;
      checks.redis = await withTimeout(redis.status === 'ready' ? redis.ping() : Promise.reject(new Error(redis.status))).then(
        () => 'ok' as const,
        () => 'down' as const,
      );
    }
    const ready = Object.values(checks).every((v) => v === 'ok');
    res.status(ready ? 200 : 503).json({ status: ready ? 'ok' : 'unavailable', checks });
  });
  return router;
}
