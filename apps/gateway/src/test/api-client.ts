/** A tiny HTTP client for tests: real requests against a listening gateway. */
export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  token?: string | undefined;
  json?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
}

export class ApiClient {
  constructor(readonly baseUrl: string) {}

  async request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | undefined;
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    }
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get<T = any>(path: string, token?: string) {
    return this.request<T>('GET', path, { token });
  }
  post<T = any>(path: string, json: unknown, token?: string) {
    return this.request<T>('POST', path, { json, token });
  }
  put<T = any>(path: string, json: unknown, token?: string) {
    return this.request<T>('PUT', path, { json, token });
  }
  delete<T = any>(path: string, token?: string, json?: unknown) {
    return this.request<T>('DELETE', path, { token, json });
  }

  /** Registers a user (password `parola1234`) and logs in; answers the token and the user. */
  async signUp(username: string, extra: Record<string, unknown> = {}): Promise<{ token: string; user: { id: string; username: string; email: string; is_admin: boolean } }> {
    const registered = await this.post('/api/v1/auth/register', {
      username,
      email: `${username}@example.com`,
      password: 'parola1234',
      passwordConfirm: 'parola1234',
      terms: true,
      ...extra,
    });
    if (registered.status !== 201) throw new Error(`register ${username}: ${registered.status} ${JSON.stringify(registered.body)}`);
    const token = await this.login(username, 'parola1234');
    return { token, user: registered.body };
  }

  async login(username: string, password: string): Promise<string> {
    const response = await this.request('POST', '/api/v1/auth/login', { form: { username, password } });
    if (response.status !== 200) throw new Error(`login ${username}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.access_token as string;
  }

  async createProject(token: string, name = 'Mağaza', environments?: string[]): Promise<{ id: string; [k: string]: any }> {
    const response = await this.post('/api/v1/projects/', { name, ...(environments ? { environments } : {}) }, token);
    if (response.status !== 201) throw new Error(`create project: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  }
}
