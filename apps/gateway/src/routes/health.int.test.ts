import { inject } from 'vitest';
import { afterAll, describe, expect, it } from 'vitest';
import { startRedis } from '@seyir/testkit';
import { startTestGateway, type TestGateway } from '../test/test-gateway.js';

const gateways: TestGateway[] = [];
afterAll(async () => {
  for (const gw of gateways) await gw.close();
});

/** /readyz until it answers `status` (at most 10 s); the last answer either way. */
async function pollReadyz(gw: TestGateway, status: number) {
  let response = await gw.api.get('/readyz');
  for (let i = 0; i < 50 && response.status !== status; i++) {
    await new Promise((r) => setTimeout(r, 200));
    response = await gw.api.get('/readyz');
  }
  return response;
}

describe('health', () => {
  it('is live and ready when PostgreSQL and Redis answer', async () => {
    const gw = await startTestGateway();
    gateways.push(gw);
    expect((await gw.api.get('/healthz')).body).toEqual({ status: 'ok' });
    expect((await gw.api.get('/readyz')).body).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok' } });
    expect(inject('redisUrl')).toMatch(/^redis:/);
  });

  it('answers 503 on /readyz while Redis is down, and recovers when it returns', async () => {
    const redis = await startRedis();
    const gw = await startTestGateway({ env: { REDIS_URL: redis.url } });
    gateways.push(gw);
    try {
      expect((await gw.api.get('/readyz')).status).toBe(200);
      await redis.stop('kill');
      const down = await pollReadyz(gw, 503);
      expect(down.status).toBe(503);
      expect(down.body).toEqual({ status: 'unavailable', checks: { database: 'ok', redis: 'down' } });
      expect((await gw.api.get('/healthz')).status).toBe(200);
      await redis.start();
      expect((await pollReadyz(gw, 200)).status).toBe(200);
    } finally {
      await redis.destroy();
    }
  });
});
