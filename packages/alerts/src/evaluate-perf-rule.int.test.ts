import { randomUUID } from 'node:crypto';
import type { JobTiming } from '@seyir/domain';
import { createAlertRule, createProject, createUser, type DatabaseHandle } from '@seyir/db';
import { createMailer, mailerConfigFromEnv } from '@seyir/mailer';
import { processTimings } from '@seyir/pipeline';
import { createTestDatabase } from '@seyir/testkit';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { alertJobFromTimings } from './alert-job-from-outcome.js';
import { createAlertDeps } from './create-alert-deps.js';
import { evaluateAlerts } from './evaluate-alerts.js';

/**
 * latency / error_rate semantics on real PostgreSQL with a clock of our own: "over the limit for
 * M minutes" means every one of the last M whole minutes, each with enough requests; the digest
 * holds requests only while the rule stays over its limit.
 */
const MINUTE = 60_000;
const T0 = Date.parse('2026-11-22T10:00:30Z');
let db: DatabaseHandle;
let projectId: string;
let clock = T0;
const deps = () => createAlertDeps(db.sql, { publicUrl: 'https://seyir.test', allowPrivateUrls: false, timeoutMs: 1000, sweepMs: 1000 }, 'pricing', createMailer(mailerConfigFromEnv({ SMTP_FROM: 'Seyir <uyari@seyir.test>' })), () => new Date(clock));

beforeAll(async () => {
  db = (await createTestDatabase(inject('pgAdminUrl'), inject('pgTemplate'))).handle;
  const user = await createUser(db.db, { username: 'perfkural', email: 'perfkural@example.com', firstName: '', lastName: '', passwordHash: 'x' });
  if (!user.ok) throw new Error('user');
  projectId = (await createProject(db.db, { name: 'Saat', environments: ['production'], ownerId: user.user.id })).id;
});
afterAll(() => db?.close());

/** `n` requests of `route` in the minute starting `minuteStart`, `slow` of them at 900 ms (the rest 40 ms), `failed` of them 503. */
function minuteOf(route: string, minuteStart: number, n: number, slow: number, failed = 0): JobTiming[] {
  return Array.from({ length: n }, (_, i) => ({
    route,
    method: 'GET',
    status: i < failed ? 503 : 200,
    durationMs: i >= n - slow ? 900 : 40,
    timestampMs: minuteStart + 1000 + i,
    environment: 'production',
    release: '',
    host: '',
    requestId: null,
    request: null,
    response: null,
  }));
}

/** Stores a batch through the worker's own code and evaluates it as the alert worker does, at `clock`. */
async function batch(timings: JobTiming[]): Promise<number> {
  const outcome = await processTimings({ database: db }, { batchId: randomUUID(), projectId, receivedAtMs: clock, timings });
  const job = alertJobFromTimings(outcome, clock);
  return job ? (await evaluateAlerts(deps(), job)).length : 0;
}

const rule = async (conditions: Record<string, unknown>, type: 'latency' | 'error_rate' = 'latency') =>
  (await createAlertRule(db, projectId, (await db.sql.query<{ id: string }>('SELECT id FROM users LIMIT 1')).rows[0]!.id, {
    name: `${type} ${JSON.stringify(conditions)}`,
    type,
    channels: [{ type: 'email', to: ['a@example.com'] }],
    conditions: { route_id: null, environment: null, min_requests: 1, ...conditions } as never,
    cooldownMinutes: 30,
    enabled: true,
  }))!.id;
const held = async (ruleId: string) => Number((await db.sql.query<{ n: string }>('SELECT coalesce(sum(held_count), 0) AS n FROM alert_states WHERE rule_id = $1', [ruleId])).rows[0]!.n);
const sent = async (ruleId: string) => Number((await db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM alert_deliveries WHERE rule_id = $1', [ruleId])).rows[0]!.n);

describe('latency and error_rate rules', () => {
  it('fire only when every one of the last M whole minutes is over the limit with enough requests, and stop holding once recovered', async () => {
    const minute = (k: number) => Math.floor(T0 / MINUTE) * MINUTE + k * MINUTE;
    // Rules on all requests of the project; each judged on its own.
    const threeMinutes = await rule({ p95_ms: 300, minutes: 3 });
    const fourMinutes = await rule({ p95_ms: 300, minutes: 4 });
    const busyOnly = await rule({ p95_ms: 300, minutes: 3, min_requests: 50 });
    const errors = await rule({ percent: 10, minutes: 3 }, 'error_rate');

    // Three whole minutes before T0 with p95 = 900 ms (2 of 20 slow) and 15 % of 5xx; nothing before.
    expect(await batch([-3, -2, -1].flatMap((k) => minuteOf('/a', minute(k), 20, 2, 3)))).toBe(2); // e-mail of threeMinutes and of errors
    expect(await sent(threeMinutes)).toBe(1);
    expect(await sent(errors)).toBe(1);
    expect(await sent(fourMinutes)).toBe(0); // the fourth minute back had no requests
    expect(await sent(busyOnly)).toBe(0); // 20 requests a minute < 50

    // Still over the limit (the current minute is not judged: it is still filling): held for the digest, not sent again.
    await batch(minuteOf('/a', minute(0), 10, 1, 1));
    expect(await held(threeMinutes)).toBe(1);
    expect(await held(errors)).toBe(1);

    // Ten minutes later the route is healthy (p95 40 ms, 1 slow and 1 failed of 40 a minute):
    // its slow and failed requests are normal now and are not held, so the digests stop.
    clock = T0 + 10 * MINUTE;
    await batch([7, 8, 9].flatMap((k) => minuteOf('/a', minute(k), 40, 1, 1)));
    await batch(minuteOf('/a', minute(10), 10, 1, 1));
    expect(await held(threeMinutes)).toBe(1);
    expect(await held(errors)).toBe(1);
    expect(await sent(threeMinutes)).toBe(1);
  }, 60_000);
});
