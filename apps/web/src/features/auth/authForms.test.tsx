import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { api, server } from '../../test/server';
import { ownerUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import LoginPage from './LoginPage';
import RegisterPage from './RegisterPage';

describe('LoginPage', () => {
  it('shows both §5 messages when submitted empty', async () => {
    const { user } = renderWithProviders(<LoginPage />, { route: '/login' });
    await user.click(screen.getByRole('button', { name: 'Giriş Yap' }));
    expect(await screen.findByText('Kullanıcı adı gereklidir')).toBeInTheDocument();
    expect(screen.getByText('Şifre gereklidir')).toBeInTheDocument();
    expect(screen.getByLabelText('Kullanıcı adı')).toHaveAttribute('aria-invalid', 'true');
  });

  it('posts form-encoded credentials, stores token and user, and returns to the requested path', async () => {
    let body = '';
    server.use(
      http.post(api('/auth/login'), async ({ request }) => {
        body = await request.text();
        return HttpResponse.json({ access_token: 'tok-1', token_type: 'bearer', expires_in: 86400 });
      }),
      http.get(api('/auth/me'), ({ request }) =>
        request.headers.get('authorization') === 'Bearer tok-1' ? HttpResponse.json(ownerUser) : new HttpResponse(null, { status: 401 }),
      ),
    );
    const { user, store } = renderWithProviders(
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="*" element={<p>hedef</p>} />
      </Routes>,
      { route: { pathname: '/login', state: { from: { pathname: '/projects/p1/logs', search: '?level=ERROR' } } } as never },
    );
    await user.type(screen.getByLabelText('Kullanıcı adı'), 'ayse');
    await user.type(screen.getByLabelText('Şifre'), 'gizli-sifre');
    await user.click(screen.getByLabelText('Beni hatırla'));
    await user.click(screen.getByRole('button', { name: 'Giriş Yap' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/projects/p1/logs'));
    expect(new URLSearchParams(body).get('username')).toBe('ayse');
    expect(new URLSearchParams(body).get('remember_me')).toBe('true');
    expect(localStorage.getItem('authToken')).toBe('tok-1');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').username).toBe('ayse');
    expect(store.getState().auth.user?.id).toBe('u-owner');
    expect(await screen.findByText('Başarıyla giriş yaptınız!')).toBeInTheDocument();
  });

  it("shows the server's detail when login fails and stays signed out", async () => {
    server.use(http.post(api('/auth/login'), () => HttpResponse.json({ detail: 'Kullanıcı adı veya şifre hatalı.', code: 'INVALID_CREDENTIALS' }, { status: 401 })));
    const { user, store } = renderWithProviders(<LoginPage />, { route: '/login' });
    await user.type(screen.getByLabelText('Kullanıcı adı'), 'ayse');
    await user.type(screen.getByLabelText('Şifre'), 'yanlis');
    await user.click(screen.getByRole('button', { name: 'Giriş Yap' }));
    expect((await screen.findAllByText('Kullanıcı adı veya şifre hatalı.')).length).toBeGreaterThan(0);
    expect(store.getState().auth.token).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('falls back to the generic Turkish message without a detail', async () => {
    server.use(http.post(api('/auth/login'), () => new HttpResponse('oops', { status: 500 })));
    const { user } = renderWithProviders(<LoginPage />, { route: '/login' });
    await user.type(screen.getByLabelText('Kullanıcı adı'), 'ayse');
    await user.type(screen.getByLabelText('Şifre'), 'x');
    await user.click(screen.getByRole('button', { name: 'Giriş Yap' }));
    expect((await screen.findAllByText('Giriş yapılırken bir hata oluştu. Lütfen tekrar deneyin.')).length).toBeGreaterThan(0);
  });
});

describe('RegisterPage', () => {
  it('shows the §5 messages for missing fields', async () => {
    const { user } = renderWithProviders(<RegisterPage />, { route: '/register' });
    await user.click(screen.getByRole('button', { name: 'Kayıt Ol' }));
    expect(await screen.findByText('Kullanıcı adı gereklidir')).toBeInTheDocument();
    expect(screen.getByText('E-posta adresi gereklidir')).toBeInTheDocument();
    expect(screen.getByText('Şifre gereklidir')).toBeInTheDocument();
    expect(screen.getByText('Şifre doğrulaması gereklidir')).toBeInTheDocument();
    expect(screen.getByText('Kullanım şartlarını kabul etmelisiniz')).toBeInTheDocument();
  });

  it('shows the length and pattern messages', async () => {
    const { user } = renderWithProviders(<RegisterPage />, { route: '/register' });
    await user.type(screen.getByLabelText('Kullanıcı adı'), 'ab');
    await user.type(screen.getByLabelText('E-posta'), 'yanlis-adres');
    await user.type(screen.getByLabelText('Şifre'), 'kisa');
    await user.click(screen.getByRole('button', { name: 'Kayıt Ol' }));
    expect(await screen.findByText('Kullanıcı adı en az 3 karakter olmalıdır')).toBeInTheDocument();
    expect(screen.getByText('Geçerli bir e-posta adresi girin')).toBeInTheDocument();
    expect(screen.getByText('Şifre en az 8 karakter olmalıdır')).toBeInTheDocument();
  });

  it('says the passwords differ, and clears the message once they match', async () => {
    const { user } = renderWithProviders(<RegisterPage />, { route: '/register' });
    await user.type(screen.getByLabelText('Kullanıcı adı'), 'ayse');
    await user.type(screen.getByLabelText('E-posta'), 'ayse@example.com');
    await user.type(screen.getByLabelText('Şifre'), 'cok-gizli-1');
    await user.type(screen.getByLabelText('Şifre (tekrar)'), 'cok-gizli-2');
    await user.click(screen.getByLabelText('Kullanım şartlarını kabul ediyorum.'));
    await user.click(screen.getByRole('button', { name: 'Kayıt Ol' }));
    expect(await screen.findByText('Şifreler eşleşmiyor')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Şifre (tekrar)'), '{Backspace}1');
    await waitFor(() => expect(screen.queryByText('Şifreler eşleşmiyor')).not.toBeInTheDocument());
  });

  it('registers and goes to /login with the success message', async () => {
    let sent: Record<string, unknown> = {};
    server.use(
      http.post(api('/auth/register'), async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...ownerUser }, { status: 201 });
      }),
    );
    const { user } = renderWithProviders(
      <Routes>
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/login" element={<p>giriş</p>} />
      </Routes>,
      { route: '/register' },
    );
    await user.type(screen.getByLabelText('Kullanıcı adı'), 'ayse');
    await user.type(screen.getByLabelText('E-posta'), 'ayse@example.com');
    await user.type(screen.getByLabelText('Şifre'), 'cok-gizli-1');
    await user.type(screen.getByLabelText('Şifre (tekrar)'), 'cok-gizli-1');
    await user.click(screen.getByLabelText('Kullanım şartlarını kabul ediyorum.'));
    await user.click(screen.getByRole('button', { name: 'Kayıt Ol' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(sent).toMatchObject({ username: 'ayse', email: 'ayse@example.com', terms: true, passwordConfirm: 'cok-gizli-1' });
    expect(await screen.findByText('Kaydınız başarıyla oluşturuldu! Giriş yapabilirsiniz.')).toBeInTheDocument();
  });
});
