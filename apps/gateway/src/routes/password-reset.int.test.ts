import { createHash } from 'node:crypto';
import { AUTH_MESSAGES } from '@seyir/domain';
import { startSmtpTestServer, type SmtpTestServer } from '@seyir/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../test/test-gateway.js';

let gw: TestGateway;
let smtp: SmtpTestServer;
beforeAll(async () => {
  smtp = await startSmtpTestServer();
  gw = await startTestGateway({ env: { SMTP_URL: smtp.url, SMTP_FROM: 'Seyir <no-reply@seyir.test>', SEYIR_PUBLIC_URL: 'https://seyir.example.com' } });
  await gw.api.signUp('operator');
});
afterAll(async () => {
  await gw?.close();
  await smtp?.close();
});

const forgot = (email: string) => gw.api.post('/api/v1/auth/forgot-password', { email });
const tokenOf = (text: string) => /reset-password\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1];

async function mailedToken(to: string): Promise<string> {
  const before = smtp.messages.length;
  const mail = await smtp.waitFor((m) => m.to.includes(to) && smtp.messages.indexOf(m) >= before);
  const token = tokenOf(mail.decoded);
  if (!token) throw new Error('no link in the e-mail');
  return token;
}

describe('forgot password', () => {
  it('answers the same for known and unknown addresses, and mails only the known one a one-hour link', async () => {
    const { user } = await gw.api.signUp('unutkan', { first_name: 'Ayşe' });
    const unknown = await forgot('kimse@example.com');
    const known = await forgot(' UNUTKAN@example.com ');
    expect(unknown.status).toBe(202);
    expect(known.status).toBe(202);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.detail).toBe(AUTH_MESSAGES.resetRequested);

    const mail = await smtp.waitFor((m) => m.to.includes(user.email));
    expect(mail.subject).toBe('Seyir şifre sıfırlama');
    expect(mail.from).toBe('no-reply@seyir.test');
    expect(mail.decoded).toContain('Merhaba Ayşe');
    expect(mail.decoded).toContain('1 saat geçerlidir');
    expect(mail.decoded).toMatch(/https:\/\/seyir\.example\.com\/reset-password\?token=[A-Za-z0-9_-]{43}/);
    expect(smtp.messages.some((m) => m.to.includes('kimse@example.com'))).toBe(false);

    // only the hash is stored
    const token = tokenOf(mail.decoded)!;
    const rows = (await gw.deps.database.sql.query<{ token_hash: string }>('SELECT token_hash FROM password_reset_tokens WHERE user_id = $1', [user.id])).rows;
    expect(rows.map((r) => r.token_hash)).toEqual([createHash('sha256').update(token).digest('hex')]);
  });

  it('resets the password once with the token and ends every session', async () => {
    const { token: session, user } = await gw.api.signUp('sifirlayan');
    await forgot(user.email);
    const token = await mailedToken(user.email);

    const reset = await gw.api.post('/api/v1/auth/reset-password', { token, newPassword: 'yepyeni-parola', passwordConfirm: 'yepyeni-parola' });
    expect(reset).toMatchObject({ status: 200, body: { detail: AUTH_MESSAGES.resetDone } });
    expect((await gw.api.get('/api/v1/auth/me', session)).status).toBe(401);
    await expect(gw.api.login('sifirlayan', 'parola1234')).rejects.toThrow();
    expect(await gw.api.login('sifirlayan', 'yepyeni-parola')).toBeTruthy();

    const again = await gw.api.post('/api/v1/auth/reset-password', { token, newPassword: 'baska-parola1', passwordConfirm: 'baska-parola1' });
    expect(again).toMatchObject({ status: 400, body: { detail: AUTH_MESSAGES.resetTokenInvalid } });
    expect(await gw.api.login('sifirlayan', 'yepyeni-parola')).toBeTruthy();
  });

  it('refuses a token after an hour, a made-up token, and the §5 password rules', async () => {
    const { user } = await gw.api.signUp('gecikti');
    const start = Date.now();
    gw.deps.now = () => new Date(start);
    await forgot(user.email);
    const token = await mailedToken(user.email);
    gw.deps.now = () => new Date(start + 61 * 60_000);
    try {
      const late = await gw.api.post('/api/v1/auth/reset-password', { token, newPassword: 'yepyeni-parola', passwordConfirm: 'yepyeni-parola' });
      expect(late).toMatchObject({ status: 400, body: { detail: AUTH_MESSAGES.resetTokenInvalid } });
    } finally {
      gw.deps.now = () => new Date();
    }
    const fake = await gw.api.post('/api/v1/auth/reset-password', { token: 'x'.repeat(43), newPassword: 'yepyeni-parola', passwordConfirm: 'yepyeni-parola' });
    expect(fake.status).toBe(400);
    const short = await gw.api.post('/api/v1/auth/reset-password', { token, newPassword: 'kısa', passwordConfirm: 'kısa' });
    expect(short).toMatchObject({ status: 422, body: { fields: { newPassword: AUTH_MESSAGES.passwordMin } } });
    const differ = await gw.api.post('/api/v1/auth/reset-password', { token, newPassword: 'yepyeni-parola', passwordConfirm: 'baska-parola' });
    expect(differ.body.fields.passwordConfirm).toBe(AUTH_MESSAGES.passwordsDiffer);
  });

  it('a new link leaves the older one usable until it is used; using one voids the rest', async () => {
    const { user } = await gw.api.signUp('ikilink');
    await forgot(user.email);
    const first = await mailedToken(user.email);
    await forgot(user.email);
    const second = await mailedToken(user.email);
    expect(second).not.toBe(first);
    expect((await gw.api.post('/api/v1/auth/reset-password', { token: second, newPassword: 'yepyeni-parola', passwordConfirm: 'yepyeni-parola' })).status).toBe(200);
    expect((await gw.api.post('/api/v1/auth/reset-password', { token: first, newPassword: 'baska-parola1', passwordConfirm: 'baska-parola1' })).status).toBe(400);
  });

  it('limits requests per address (3 an hour) with 429, and checks the e-mail format', async () => {
    const { user } = await gw.api.signUp('israrci');
    for (let i = 0; i < 3; i++) expect((await forgot(user.email)).status).toBe(202);
    const limited = await forgot(user.email);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    expect((await forgot('e-posta-degil')).body.fields.email).toBe(AUTH_MESSAGES.emailInvalid);
  });
});
