import { AUTH_MESSAGES, SERVER_MESSAGES } from '@seyir/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../test/test-gateway.js';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw?.close());

const valid = { username: 'ayse', email: 'ayse@example.com', password: 'parola1234', passwordConfirm: 'parola1234', terms: true };

describe('registration', () => {
  it('answers each §5 rule with its exact Turkish message', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...valid, username: '' }, 'username', AUTH_MESSAGES.usernameRequired],
      [{ ...valid, username: 'ab' }, 'username', 'Kullanıcı adı en az 3 karakter olmalıdır'],
      [{ ...valid, email: '' }, 'email', 'E-posta adresi gereklidir'],
      [{ ...valid, email: 'ayse@' }, 'email', 'Geçerli bir e-posta adresi girin'],
      [{ ...valid, password: '', passwordConfirm: '' }, 'password', 'Şifre gereklidir'],
      [{ ...valid, password: 'kısa', passwordConfirm: 'kısa' }, 'password', 'Şifre en az 8 karakter olmalıdır'],
      [{ ...valid, passwordConfirm: '' }, 'passwordConfirm', 'Şifre doğrulaması gereklidir'],
      [{ ...valid, passwordConfirm: 'baskaparola' }, 'passwordConfirm', 'Şifreler eşleşmiyor'],
      [{ ...valid, terms: false }, 'terms', 'Kullanım şartlarını kabul etmelisiniz'],
      [{ ...valid, terms: undefined }, 'terms', 'Kullanım şartlarını kabul etmelisiniz'],
    ];
    for (const [body, field, message] of cases) {
      const response = await gw.api.post('/api/v1/auth/register', body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.code).toBe('VALIDATION_FAILED');
      expect(response.body.fields[field]).toBe(message);
      expect(response.body.detail).toBe(Object.values(response.body.fields)[0]);
    }
  });

  it('makes the first user of the instance a global admin, and nobody after', async () => {
    const first = await gw.api.post('/api/v1/auth/register', { ...valid, first_name: 'Ayşe', last_name: 'Yılmaz' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ username: 'ayse', email: 'ayse@example.com', first_name: 'Ayşe', last_name: 'Yılmaz', is_admin: true });
    expect(first.body._id).toBe(first.body.id);
    expect(first.body).not.toHaveProperty('password_hash');
    const second = await gw.api.post('/api/v1/auth/register', { ...valid, username: 'mehmet', email: 'mehmet@example.com' });
    expect(second.status).toBe(201);
    expect(second.body.is_admin).toBe(false);
  });

  it('refuses a taken username or e-mail with 409, folding Turkish case', async () => {
    await gw.api.post('/api/v1/auth/register', { ...valid, username: 'İlker', email: 'ilker@example.com' });
    const sameName = await gw.api.post('/api/v1/auth/register', { ...valid, username: 'ilker', email: 'other@example.com' });
    expect(sameName.status).toBe(409);
    expect(sameName.body).toMatchObject({ code: 'CONFLICT', detail: SERVER_MESSAGES.usernameTaken });
    const sameMail = await gw.api.post('/api/v1/auth/register', { ...valid, username: 'ilker2', email: 'ILKER@example.com' });
    expect(sameMail.status).toBe(409);
    expect(sameMail.body.detail).toBe(SERVER_MESSAGES.emailTaken);
  });
});

describe('login', () => {
  beforeAll(async () => {
    await gw.api.post('/api/v1/auth/register', { ...valid, username: 'zeynep', email: 'zeynep@example.com' });
  });

  it('accepts the username or the e-mail, form-encoded, and answers a bearer token', async () => {
    for (const username of ['zeynep', 'ZEYNEP', 'zeynep@example.com']) {
      const response = await gw.api.request('POST', '/api/v1/auth/login', { form: { username, password: 'parola1234' } });
      expect(response.status).toBe(200);
      expect(response.body.token_type).toBe('bearer');
      const me = await gw.api.get('/api/v1/auth/me', response.body.access_token);
      expect(me.body).toMatchObject({ username: 'zeynep', email: 'zeynep@example.com', is_admin: false });
    }
  });

  it('answers wrong credentials with a Turkish 401 and empty fields with §5 messages', async () => {
    const wrong = await gw.api.request('POST', '/api/v1/auth/login', { form: { username: 'zeynep', password: 'yanlis-parola' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ detail: SERVER_MESSAGES.invalidCredentials, code: 'INVALID_CREDENTIALS' });
    const nobody = await gw.api.request('POST', '/api/v1/auth/login', { form: { username: 'kimse', password: 'parola1234' } });
    expect(nobody.status).toBe(401);
    const empty = await gw.api.request('POST', '/api/v1/auth/login', { form: { username: '', password: '' } });
    expect(empty.status).toBe(422);
    expect(empty.body.fields).toEqual({ username: 'Kullanıcı adı gereklidir', password: 'Şifre gereklidir' });
  });

  it('remember-me issues a 30-day session instead of a 1-day one', async () => {
    const normal = await gw.api.request('POST', '/api/v1/auth/login', { form: { username: 'zeynep', password: 'parola1234' } });
    const remembered = await gw.api.request('POST', '/api/v1/auth/login', { form: { username: 'zeynep', password: 'parola1234', remember_me: 'true' } });
    expect(normal.body.expires_in).toBe(86_400);
    expect(remembered.body.expires_in).toBe(30 * 86_400);
  });

  it('throttles repeated failures on one account with 429 and Retry-After, even for the right password', async () => {
    await gw.api.post('/api/v1/auth/register', { ...valid, username: 'hedef', email: 'hedef@example.com' });
    for (let i = 0; i < 10; i++) {
      const r = await gw.api.request('POST', '/api/v1/auth/login', { form: { username: 'hedef', password: `yanlis-${i}` } });
      expect(r.status).toBe(401);
    }
    const blocked = await gw.api.request('POST', '/api/v1/auth/login', { form: { username: 'hedef', password: 'parola1234' } });
    expect(blocked.status).toBe(429);
    expect(blocked.body.detail).toBe(SERVER_MESSAGES.tooManyLoginAttempts);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses missing, forged and revoked tokens on /me with 401', async () => {
    expect((await gw.api.get('/api/v1/auth/me')).status).toBe(401);
    expect((await gw.api.get('/api/v1/auth/me', 'not-a-token')).status).toBe(401);
    const token = await gw.api.login('zeynep', 'parola1234');
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${Buffer.from('forged-signature').toString('base64url')}`;
    expect((await gw.api.get('/api/v1/auth/me', forged)).status).toBe(401);
    expect((await gw.api.request('POST', '/api/v1/auth/logout', { token })).status).toBe(204);
    const after = await gw.api.get('/api/v1/auth/me', token);
    expect(after.status).toBe(401);
    expect(after.body.detail).toBe(SERVER_MESSAGES.sessionExpired);
  });
});

describe('profile, password and account', () => {
  it('updates the profile and refuses someone else’s username', async () => {
    const { token } = await gw.api.signUp('profil');
    await gw.api.signUp('baskasi');
    const updated = await gw.api.put('/api/v1/auth/me', { username: 'profil2', email: 'yeni@example.com', first_name: 'Can', last_name: 'Öz' }, token);
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ username: 'profil2', email: 'yeni@example.com', first_name: 'Can', last_name: 'Öz' });
    expect((await gw.api.get('/api/v1/auth/me', token)).body.username).toBe('profil2');
    const taken = await gw.api.put('/api/v1/auth/me', { username: 'BASKASI', email: 'yeni@example.com' }, token);
    expect(taken.status).toBe(409);
    const invalid = await gw.api.put('/api/v1/auth/me', { username: '', email: 'x' }, token);
    expect(invalid.status).toBe(422);
    expect(invalid.body.fields).toMatchObject({ username: 'Kullanıcı adı gereklidir', email: 'Geçerli bir e-posta adresi girin' });
  });

  it('changes the password only with the current one, ending old sessions', async () => {
    const { token } = await gw.api.signUp('sifreci');
    const wrong = await gw.api.post('/api/v1/auth/change-password', { currentPassword: 'yanlis', newPassword: 'yeniparola1', passwordConfirm: 'yeniparola1' }, token);
    expect(wrong.status).toBe(422);
    expect(wrong.body.detail).toBe(SERVER_MESSAGES.wrongCurrentPassword);
    const rules = await gw.api.post('/api/v1/auth/change-password', { currentPassword: '', newPassword: 'kisa', passwordConfirm: 'baska' }, token);
    expect(rules.body.fields).toMatchObject({ currentPassword: 'Mevcut şifrenizi girmelisiniz', newPassword: 'Şifre en az 8 karakter olmalıdır' });
    const missingNew = await gw.api.post('/api/v1/auth/change-password', { currentPassword: 'parola1234', newPassword: '', passwordConfirm: '' }, token);
    expect(missingNew.body.fields.newPassword).toBe('Yeni şifre gereklidir');
    const mismatch = await gw.api.post('/api/v1/auth/change-password', { currentPassword: 'parola1234', newPassword: 'yeniparola1', passwordConfirm: 'yeniparola2' }, token);
    expect(mismatch.body.fields.passwordConfirm).toBe('Şifreler eşleşmiyor');

    const changed = await gw.api.post('/api/v1/auth/change-password', { currentPassword: 'parola1234', newPassword: 'yeniparola1', passwordConfirm: 'yeniparola1' }, token);
    expect(changed.status).toBe(200);
    expect(changed.body.detail).toBe('Şifreniz başarıyla değiştirildi.');
    expect((await gw.api.get('/api/v1/auth/me', token)).status).toBe(401);
    expect((await gw.api.get('/api/v1/auth/me', changed.body.access_token)).status).toBe(200);
    await expect(gw.api.login('sifreci', 'parola1234')).rejects.toThrow(/401/);
    expect(await gw.api.login('sifreci', 'yeniparola1')).toBeTruthy();
  });

  it('deletes the account: its solo projects go, shared ones pass to the team', async () => {
    const leaver = await gw.api.signUp('ayrilan');
    const heir = await gw.api.signUp('varis');
    const solo = await gw.api.createProject(leaver.token, 'Tek Başına');
    const shared = await gw.api.createProject(leaver.token, 'Ortak Proje');
    expect((await gw.api.post(`/api/v1/projects/${shared.id}/members`, { user_id: heir.user.id, role: 'editor' }, leaver.token)).status).toBe(201);

    const refused = await gw.api.delete('/api/v1/auth/me', leaver.token, { password: 'yanlis' });
    expect(refused.status).toBe(422);
    const deleted = await gw.api.delete('/api/v1/auth/me', leaver.token, { password: 'parola1234' });
    expect(deleted.status).toBe(204);

    expect((await gw.api.get('/api/v1/auth/me', leaver.token)).status).toBe(401);
    await expect(gw.api.login('ayrilan', 'parola1234')).rejects.toThrow(/401/);
    const heirs = await gw.api.get('/api/v1/projects/', heir.token);
    expect(heirs.body.map((p: { name: string }) => p.name)).toEqual(['Ortak Proje']);
    expect(heirs.body[0]).toMatchObject({ owner_id: heir.user.id, my_role: 'owner' });
    const admin = await gw.api.login('ayse', 'parola1234');
    expect((await gw.api.get(`/api/v1/projects/${solo.id}`, admin)).status).toBe(404);
  });
});

describe('errors', () => {
  it('answers malformed JSON, oversized bodies and unknown API paths in Turkish JSON without stack traces', async () => {
    const bad = await fetch(`${gw.api.baseUrl}/api/v1/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"username":' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ detail: SERVER_MESSAGES.invalidJson, code: 'BAD_REQUEST' });
    const big = await gw.api.post('/api/v1/auth/register', { ...valid, first_name: 'x'.repeat(300_000) });
    expect(big.status).toBe(413);
    expect(big.body.code).toBe('PAYLOAD_TOO_LARGE');
    const unknown = await gw.api.get('/api/v1/yok-boyle-bir-yer');
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe(SERVER_MESSAGES.routeNotFound);
  });
});
