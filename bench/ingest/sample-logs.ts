import { randomUUID } from 'node:crypto';

export const TEMPLATES = [
  (i: number) => `User ${1000 + (i % 500)} logged in from 10.0.${i % 255}.${(i * 7) % 255}`,
  (i: number) => `GET /api/orders/${i} 200 ${(i % 90) + 5}ms`,
  (i: number) => `Payment ${randomUUID()} captured for ${(i % 300) + 1}.99 TRY`,
  (i: number) => `Cache miss for key product:${i % 1000}`,
  (i: number) => `Worker job ${i} finished in ${i % 17}.${i % 10}s`,
];

/** `size` log items like a busy web service sends: five message shapes, 5 % errors with a traceback frame. */
export function makeBatch(seed: number, size: number): Record<string, unknown>[] {
  const logs = Array.from({ length: size }, (_, j) => {
    const i = seed * size + j;
    const level = i % 20 === 0 ? 'ERROR' : i % 7 === 0 ? 'WARNING' : 'INFO';
    return {
      message: TEMPLATES[i % TEMPLATES.length]!(i),
      level,
      environment: 'production',
      host: `web-${i % 4}`,
      tags: ['bench'],
      metadata: { logger: 'app.orders', lineno: 42 + (i % 10) },
      ...(level === 'ERROR'
        ? {
            exception: {
              type: 'ValueError',
              value: `invalid amount ${i}`,
              frames: [{ filename: 'app/orders.py', module: 'app.orders', function: 'charge', lineno: 10 + (i % 3), in_app: true }],
            },
          }
        : {}),
    };
  });
  return logs;
}


/**
 * `size` log items as the Python client's `SeyirHandler` sends them (its bench's
 * `logger.info("order %s shipped", n, extra={"order_id": n})`): epoch-millisecond times, the logger name,
 * and the record's attributes as metadata.
 */
export function makePythonBatch(seed: number, size: number): Record<string, unknown>[] {
  const now = Date.now();
  return Array.from({ length: size }, (_, j) => {
    const i = seed * size + j;
    return {
      message: `order ${i} shipped`,
      level: 'INFO',
      timestamp: now - size + j,
      logger: 'bench.delivery',
      environment: 'production',
      host: 'vm',
      metadata: {
        order_id: i,
        logger: 'bench.delivery',
        module: 'handler_bench',
        funcName: 'measure_delivery',
        lineno: 131,
        pathname: '/srv/app/clients/python/bench/handler_bench.py',
        threadName: 'MainThread',
        process: 25486,
      },
    };
  });
}
