import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ownerUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { api, server } from '../../test/server';
import ForgotPasswordPage from './ForgotPasswordPage';
import LoginPage from './LoginPage';
import ResetPasswordPage from './ResetPasswordPage';

const SAME_ANSWER = 'Bu e-posta adresiyle kayıtlı bir hesap varsa, şifre sıfırlama bağlantısı gönderildi. Bağlantı 1 saat geçerlidir.';
const TOKEN = 'A'.repeat(43);

describe('forgot password', () => {
  it('is linked from the login page', () => {
    renderWithProviders(<LoginPage />, { route: '/login' });
    expect(screen.getByRole('link', { name: 'Şifremi unuttum' })).toHaveAttribute('href', '/forgot-password');
  });

  it('checks the e-mail, sends it, and shows the server’s answer (the same for any address)', async () => {
    let sent: unknown;
    server.use(
      http.post(api('/auth/forgot-password'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ detail: SAME_ANSWER }, { status: 202 });
      }),
    );
    const { user } = renderWithProviders(<ForgotPasswordPage />, { route: '/forgot-password' });
    expect(screen.getByRole('heading', { name: 'Şifremi Unuttum' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Bağlantı Gönder' }));
    expect(await screen.findByText('E-posta adresi gereklidir')).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-posta'), 'yanlis');
    await user.click(screen.getByRole('button', { name: 'Bağlantı Gönder' }));
    expect(await screen.findByText('Geçerli bir e-posta adresi girin')).toBeInTheDocument();
    expect(sent).toBeUndefined();
    await user.clear(screen.getByLabelText('E-posta'));
    await user.type(screen.getByLabelText('E-posta'), 'ayse@example.com');
    await user.click(screen.getByRole('button', { name: 'Bağlantı Gönder' }));
    expect(await screen.findByText(SAME_ANSWER)).toBeInTheDocument();
    expect(sent).toEqual({ email: 'ayse@example.com' });
    expect(screen.queryByRole('button', { name: 'Bağlantı Gönder' })).not.toBeInTheDocument();
  });

  it('shows the 429 detail when asked too often', async () => {
    server.use(http.post(api('/auth/forgot-password'), () => HttpResponse.json({ detail: 'Çok fazla istek gönderildi. Lütfen biraz sonra tekrar deneyin.', code: 'RATE_LIMITED' }, { status: 429 })));
    const { user } = renderWithProviders(<ForgotPasswordPage />, { route: '/forgot-password' });
    await user.type(screen.getByLabelText('E-posta'), 'ayse@example.com');
    await user.click(screen.getByRole('button', { name: 'Bağlantı Gönder' }));
    expect(await screen.findByText('Çok fazla istek gönderildi. Lütfen biraz sonra tekrar deneyin.')).toBeInTheDocument();
  });
});

describe('reset password', () => {
  const page = (route: string, signedInAs: typeof ownerUser | null = null) =>
    renderWithProviders(
      <Routes>
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/login" element={<p>giriş sayfası</p>} />
      </Routes>,
      { route, signedInAs },
    );

  it('explains a link without a token and offers a new one', () => {
    page('/reset-password');
    expect(screen.getByText(/Bu bağlantı eksik veya hatalı/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Yeni şifre')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Yeni bağlantı iste' })).toHaveAttribute('href', '/forgot-password');
  });

  it('sets the new password with the token from the link, signs out here too and goes to /login', async () => {
    let sent: unknown;
    server.use(
      http.post(api('/auth/reset-password'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ detail: 'Şifreniz sıfırlandı. Yeni şifrenizle giriş yapabilirsiniz.' });
      }),
    );
    const { user, store } = page(`/reset-password?token=${TOKEN}`, ownerUser);
    await user.type(screen.getByLabelText('Yeni şifre'), 'kisa');
    await user.click(screen.getByRole('button', { name: 'Şifreyi Sıfırla' }));
    expect(await screen.findByText('Şifre en az 8 karakter olmalıdır')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Yeni şifre'));
    await user.type(screen.getByLabelText('Yeni şifre'), 'yepyeni-parola');
    await user.type(screen.getByLabelText('Yeni şifre (tekrar)'), 'baska-parola');
    await user.click(screen.getByRole('button', { name: 'Şifreyi Sıfırla' }));
    expect(await screen.findByText('Şifreler eşleşmiyor')).toBeInTheDocument();
    expect(sent).toBeUndefined();
    await user.clear(screen.getByLabelText('Yeni şifre (tekrar)'));
    await user.type(screen.getByLabelText('Yeni şifre (tekrar)'), 'yepyeni-parola');
    await user.click(screen.getByRole('button', { name: 'Şifreyi Sıfırla' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(sent).toEqual({ token: TOKEN, newPassword: 'yepyeni-parola', passwordConfirm: 'yepyeni-parola' });
    expect(store.getState().auth.token).toBeNull();
    expect(await screen.findByText('Şifreniz sıfırlandı. Yeni şifrenizle giriş yapabilirsiniz.')).toBeInTheDocument();
  });

  it('shows why a used or expired link is refused', async () => {
    server.use(
      http.post(api('/auth/reset-password'), () =>
        HttpResponse.json({ detail: 'Şifre sıfırlama bağlantısı geçersiz veya süresi dolmuş. Lütfen yeni bir bağlantı isteyin.', code: 'BAD_REQUEST' }, { status: 400 }),
      ),
    );
    const { user } = page(`/reset-password?token=${TOKEN}`);
    await user.type(screen.getByLabelText('Yeni şifre'), 'yepyeni-parola');
    await user.type(screen.getByLabelText('Yeni şifre (tekrar)'), 'yepyeni-parola');
    await user.click(screen.getByRole('button', { name: 'Şifreyi Sıfırla' }));
    expect(await screen.findByText('Şifre sıfırlama bağlantısı geçersiz veya süresi dolmuş. Lütfen yeni bir bağlantı isteyin.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/reset-password');
  });
});
