import { BILLING_MESSAGES, getPlanTable, PRO_RATA_RULE } from '@seyir/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../test/test-gateway.js';

let gw: TestGateway;
let beta: TestGateway;
beforeAll(async () => {
  const limits = { SEYIR_ENFORCE_PLAN_LIMITS: 'true' };
  [gw, beta] = await Promise.all([startTestGateway({ env: { ...limits, SEYIR_BETA: 'false' } }), startTestGateway({ env: { ...limits, SEYIR_BETA: 'true' } })]);
  await gw.api.signUp('operator'); // the instance's global admin
  await beta.api.signUp('operator');
});
afterAll(async () => {
  await gw?.close();
  await beta?.close();
});

const at = (iso: string) => {
  gw.deps.now = () => new Date(iso);
};

describe('project count per plan', () => {
  it('lets a free account own one project and refuses the second with a Turkish reason', async () => {
    const { token } = await gw.api.signUp('tekproje');
    expect((await gw.api.post('/api/v1/projects/', { name: 'Birinci' }, token)).status).toBe(201);
    const second = await gw.api.post('/api/v1/projects/', { name: 'İkinci' }, token);
    expect(second.status).toBe(403);
    expect(second.body).toEqual({ code: 'PLAN_LIMIT', detail: BILLING_MESSAGES.projectLimitReached(1, 'Ücretsiz') });
    expect(second.body.detail).toBe('Ücretsiz planında en fazla 1 proje oluşturabilirsiniz. Daha fazla proje için planınızı yükseltin.');
    expect((await gw.api.get('/api/v1/projects/', token)).body).toHaveLength(1);
  });

  it('counts projects owned, not projects joined, and lifts the limit after an upgrade', async () => {
    const alice = await gw.api.signUp('alice_plan');
    const bob = await gw.api.signUp('bob_plan');
    const bobs = await gw.api.createProject(bob.token, 'Bob’un projesi');
    expect((await gw.api.post(`/api/v1/projects/${bobs.id}/members`, { user_id: alice.user.id, role: 'admin' }, bob.token)).status).toBe(201);
    await gw.api.createProject(alice.token, 'Alice 1');
    expect((await gw.api.post('/api/v1/projects/', { name: 'Alice 2' }, alice.token)).status).toBe(403);
    expect((await gw.api.post('/api/v1/users/me/plan', { plan: 'standard' }, alice.token)).status).toBe(200);
    for (let i = 2; i <= 5; i++) expect((await gw.api.post('/api/v1/projects/', { name: `Alice ${i}` }, alice.token)).status).toBe(201);
    const sixth = await gw.api.post('/api/v1/projects/', { name: 'Alice 6' }, alice.token);
    expect(sixth.body.detail).toBe(BILLING_MESSAGES.projectLimitReached(5, 'Standart'));
  });

  it('does not let concurrent creations slip past the limit', async () => {
    const { token } = await gw.api.signUp('aceleci');
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => gw.api.post('/api/v1/projects/', { name: `Aynı anda ${i}` }, token)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 403)).toHaveLength(4);
  });

  it('can be switched off for a deployment (SEYIR_ENFORCE_PLAN_LIMITS=false)', async () => {
    const unlimited = await startTestGateway({ env: { SEYIR_ENFORCE_PLAN_LIMITS: 'false' } });
    try {
      await unlimited.api.signUp('operator');
      const { token } = await unlimited.api.signUp('sinirsiz');
      for (const name of ['Birinci', 'İkinci', 'Üçüncü']) expect((await unlimited.api.post('/api/v1/projects/', { name }, token)).status).toBe(201);
    } finally {
      await unlimited.close();
    }
  });

  it('has no limit for the instance admin', async () => {
    const admin = await gw.api.login('operator', 'parola1234');
    for (const name of ['Op 1', 'Op 2', 'Op 3']) expect((await gw.api.post('/api/v1/projects/', { name }, admin)).status).toBe(201);
  });
});

describe('plan change with pro-rata', () => {
  it('quotes before confirming: 1st, 15th and last day of a 31-day month and of February', async () => {
    const { token } = await gw.api.signUp('fiyat');
    const quote = async () => (await gw.api.get('/api/v1/users/me/plan/quote?plan=standard', token)).body;
    at('2026-01-01T09:00:00Z');
    expect(await quote()).toMatchObject({ from_plan: 'free', to_plan: 'standard', from_price: 0, to_price: 99, days_in_month: 31, days_remaining: 31, amount_kurus: 9900, amount_text: '99,00 ₺', kind: 'charge', beta: false, rule: PRO_RATA_RULE });
    at('2026-01-15T09:00:00Z');
    expect(await quote()).toMatchObject({ days_in_month: 31, days_remaining: 17, amount_kurus: 5429, amount_text: '54,29 ₺' });
    at('2026-01-31T22:00:00Z');
    expect(await quote()).toMatchObject({ days_in_month: 31, days_remaining: 1, amount_kurus: 319, amount_text: '3,19 ₺' });
    at('2026-02-01T09:00:00Z');
    expect(await quote()).toMatchObject({ days_in_month: 28, days_remaining: 28, amount_kurus: 9900 });
    at('2026-02-15T09:00:00Z');
    expect(await quote()).toMatchObject({ days_in_month: 28, days_remaining: 14, amount_kurus: 4950, amount_text: '49,50 ₺' });
    at('2026-02-28T09:00:00Z');
    expect(await quote()).toMatchObject({ days_in_month: 28, days_remaining: 1, amount_kurus: 354, amount_text: '3,54 ₺' });
    // a quote changes nothing
    expect((await gw.api.get('/api/v1/users/me/plan', token)).body.plan.id).toBe('free');
  });

  it('records the change with the amount the user confirmed; a downgrade is a credit', async () => {
    const { token } = await gw.api.signUp('degistiren');
    at('2026-03-15T10:00:00Z');
    const quote = (await gw.api.get('/api/v1/users/me/plan/quote?plan=professional', token)).body;
    expect(quote).toMatchObject({ amount_kurus: 10913, amount_text: '109,13 ₺', kind: 'charge' }); // 199 × 17 / 31
    const changed = await gw.api.post('/api/v1/users/me/plan', { plan: 'professional', expected_amount_kurus: quote.amount_kurus }, token);
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ from_plan: 'free', to_plan: 'professional', amount_kurus: 10913 });
    expect(changed.body.changed_at).toBeTruthy();

    const down = await gw.api.post('/api/v1/users/me/plan', { plan: 'standard' }, token);
    expect(down.body).toMatchObject({ from_plan: 'professional', to_plan: 'standard', amount_kurus: -5484, amount_text: '54,84 ₺', kind: 'credit' });

    const plan = (await gw.api.get('/api/v1/users/me/plan', token)).body;
    expect(plan.plan).toMatchObject({ id: 'standard', maxProjects: 5, monthlyLogs: 500_000 });
    expect(plan.changes.map((c: any) => [c.from_plan, c.to_plan, c.amount_kurus, c.kind])).toEqual([
      ['professional', 'standard', -5484, 'credit'],
      ['free', 'professional', 10913, 'charge'],
    ]);
  });

  it('changes nothing when the confirmed amount is no longer the quote (a day passed)', async () => {
    const { token } = await gw.api.signUp('gecikmis');
    at('2026-04-29T23:59:00Z');
    const quote = (await gw.api.get('/api/v1/users/me/plan/quote?plan=standard', token)).body;
    at('2026-04-30T00:01:00Z');
    const stale = await gw.api.post('/api/v1/users/me/plan', { plan: 'standard', expected_amount_kurus: quote.amount_kurus }, token);
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toBe(BILLING_MESSAGES.quoteChanged);
    expect((await gw.api.get('/api/v1/users/me/plan', token)).body).toMatchObject({ plan: { id: 'free' }, changes: [] });
  });

  it('refuses the same plan, an unknown plan, and a downgrade below the projects owned', async () => {
    const { token } = await gw.api.signUp('kucultme');
    const same = await gw.api.post('/api/v1/users/me/plan', { plan: 'free' }, token);
    expect(same).toMatchObject({ status: 409, body: { detail: BILLING_MESSAGES.samePlan } });
    const unknown = await gw.api.get('/api/v1/users/me/plan/quote?plan=altin', token);
    expect(unknown).toMatchObject({ status: 422, body: { detail: BILLING_MESSAGES.planInvalid } });
    await gw.api.post('/api/v1/users/me/plan', { plan: 'standard' }, token);
    await gw.api.createProject(token, 'Bir');
    await gw.api.createProject(token, 'İki');
    const down = await gw.api.post('/api/v1/users/me/plan', { plan: 'free' }, token);
    expect(down.status).toBe(409);
    expect(down.body.detail).toBe('Ücretsiz planı en fazla 1 projeye izin veriyor; sizin 2 projeniz var. Önce proje sayınızı azaltın.');
    expect((await gw.api.get('/api/v1/users/me/plan/quote?plan=free', token)).status).toBe(409);
  });

  it('needs a session', async () => {
    expect((await gw.api.get('/api/v1/users/me/plan')).status).toBe(401);
    expect((await gw.api.post('/api/v1/users/me/plan', { plan: 'standard' })).status).toBe(401);
  });
});

describe('beta', () => {
  it('makes every price 0 on the pricing table and every plan change free', async () => {
    const table = (await beta.api.get('/api/v1/plans')).body;
    expect(table.beta).toBe(true);
    expect(table.plans.map((p: any) => [p.id, p.price, p.listPrice])).toEqual([
      ['free', 0, 0],
      ['standard', 0, 99],
      ['professional', 0, 199],
    ]);
    const { token } = await beta.api.signUp('betaci');
    beta.deps.now = () => new Date('2026-01-15T09:00:00Z');
    expect((await beta.api.get('/api/v1/users/me/plan/quote?plan=professional', token)).body).toMatchObject({ amount_kurus: 0, kind: 'none', beta: true, to_price: 0 });
    expect((await beta.api.post('/api/v1/users/me/plan', { plan: 'professional' }, token)).body).toMatchObject({ amount_kurus: 0, to_plan: 'professional' });
    expect((await gw.api.get('/api/v1/plans')).body.plans).toEqual(getPlanTable({ beta: false }));
  });
});

describe('usage panel API', () => {
  async function setUsage(target: TestGateway, userId: string, month: string, logs: number, overage: number) {
    await target.deps.database.sql.query(
      `INSERT INTO usage_monthly (account_id, month, logs, overage_logs) VALUES ($1, $2, $3, $4)
       ON CONFLICT (account_id, month) DO UPDATE SET logs = EXCLUDED.logs, overage_logs = EXCLUDED.overage_logs`,
      [userId, month, logs, overage],
    );
  }

  it("shows this month's logs, the quota, overage logs and the fee per started 10,000", async () => {
    const me = await gw.api.signUp('kullanim');
    const other = await gw.api.signUp('baskasi_kullanim');
    at('2026-05-20T12:00:00Z');
    await setUsage(gw, me.user.id, '2026-05-01', 60_001, 10_001);
    await setUsage(gw, me.user.id, '2026-04-01', 999_999, 0); // last month does not count
    await setUsage(gw, other.user.id, '2026-05-01', 7, 0);
    const usage = (await gw.api.get('/api/v1/users/me/usage', me.token)).body;
    expect(usage).toMatchObject({ month: '2026-05-01', plan: 'free', logs: 60_001, quota: 50_000, overageLogs: 10_001, overageFee: 20, percentUsed: 120, marked_overage_logs: 10_001 });
    expect(usage.rule).toContain('10.000');
    expect((await gw.api.get('/api/v1/users/me/usage', other.token)).body).toMatchObject({ logs: 7, overageLogs: 0, overageFee: 0 });
  });

  it('counts no fee in beta, and nothing for a new month', async () => {
    const me = await beta.api.signUp('beta_kullanim');
    beta.deps.now = () => new Date('2026-05-20T12:00:00Z');
    await setUsage(beta, me.user.id, '2026-05-01', 70_000, 20_000);
    expect((await beta.api.get('/api/v1/users/me/usage', me.token)).body).toMatchObject({ logs: 70_000, overageLogs: 20_000, overageFee: 0 });
    beta.deps.now = () => new Date('2026-06-01T00:00:00Z');
    expect((await beta.api.get('/api/v1/users/me/usage', me.token)).body).toMatchObject({ month: '2026-06-01', logs: 0, quota: 50_000, overageFee: 0 });
  });
});
