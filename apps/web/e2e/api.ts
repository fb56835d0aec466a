/** Calls of the real HTTP API that set up what a browser test does not click through itself. */
export interface TestUser {
  username: string;
  password: string;
  email: string;
  token: string;
  id: string;
}

let counter = 0;

/** A username unique across runs (letters and digits, as the register form wants). */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}

export async function call<T = unknown>(base: string, path: string, init: { method?: string; json?: unknown; token?: string; headers?: Record<string, string> } = {}): Promise<T> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${base}${path}`, { method: init.method ?? 'GET', headers, body: init.json === undefined ? undefined : JSON.stringify(init.json) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** Registers a user through the API and signs in (the token for API calls). */
export async function registerUser(base: string, prefix = 'kullanici'): Promise<TestUser> {
  const username = uniqueName(prefix);
  const password = 'Guclu-sifre-42';
  const email = `${username}@example.com`;
  await call(base, '/api/v1/auth/register', {
    method: 'POST',
    json: { username, email, first_name: 'Test', last_name: 'Kullanıcı', password, passwordConfirm: password, terms: true },
  });
  const login = await fetch(`${base}/api/v1/auth/login`, { method: 'POST', body: new URLSearchParams({ username, password }) });
  if (!login.ok) throw new Error(`login ${username}: ${login.status} ${await login.text()}`);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const me = await call<{ _id: string }>(base, '/api/v1/auth/me', { token });
  return { username, password, email, token, id: me._id };
}

/** Sends logs as the Python client does: `POST /api/ingest/batch` with the project key in `X-Seyir-Key`. */
export async function ingest(base: string, key: string, logs: unknown[]): Promise<{ accepted: number }> {
  return call(base, '/api/ingest/batch', { method: 'POST', json: logs, headers: { 'X-Seyir-Key': key } });
}
