import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ownerUser } from '../../test/fixtures';
import { api, server } from '../../test/server';
import { renderWithProviders } from '../../test/renderWithProviders';
import ProfilePage from './ProfilePage';

function renderProfile() {
  return renderWithProviders(
    <Routes>
      <Route path="/profile" element={<ProfilePage />} />
      <Route path="/" element={<p>ana sayfa</p>} />
    </Routes>,
    { route: '/profile', signedInAs: ownerUser },
  );
}

describe('ProfilePage', () => {
  it('validates the profile form', async () => {
    const { user } = renderProfile();
    await user.clear(screen.getByLabelText('Kullanıcı adı'));
    await user.clear(screen.getByLabelText('E-posta'));
    await user.type(screen.getByLabelText('E-posta'), 'bozuk');
    await user.click(screen.getByRole('button', { name: 'Profili Kaydet' }));
    expect(await screen.findByText('Kullanıcı adı gereklidir')).toBeInTheDocument();
    expect(screen.getByText('Geçerli bir e-posta adresi girin')).toBeInTheDocument();
  });

  it('saves the profile on the server and keeps the answer as the current user', async () => {
    server.use(http.put(api('/auth/me'), async ({ request }) => HttpResponse.json({ ...ownerUser, ...((await request.json()) as object) })));
    const { user, store } = renderProfile();
    await user.clear(screen.getByLabelText('Ad'));
    await user.type(screen.getByLabelText('Ad'), 'Ayşegül');
    await user.click(screen.getByRole('button', { name: 'Profili Kaydet' }));
    expect(await screen.findByText('Profil bilgileriniz başarıyla güncellendi.')).toBeInTheDocument();
    expect(store.getState().auth.user?.first_name).toBe('Ayşegül');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').first_name).toBe('Ayşegül');
  });

  it('reports a failed profile update', async () => {
    server.use(http.put(api('/auth/me'), () => new HttpResponse(null, { status: 500 })));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderProfile();
    await user.click(screen.getByRole('button', { name: 'Profili Kaydet' }));
    expect(await screen.findByText('Profil güncellenirken bir hata oluştu. Lütfen tekrar deneyin.')).toBeInTheDocument();
  });

  it('shows the password §5 messages', async () => {
    const { user } = renderProfile();
    await user.click(screen.getByRole('button', { name: 'Şifreyi Değiştir' }));
    expect(await screen.findByText('Mevcut şifrenizi girmelisiniz')).toBeInTheDocument();
    expect(screen.getByText('Yeni şifre gereklidir')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Mevcut şifre'), 'eski-sifre');
    await user.type(screen.getByLabelText('Yeni şifre'), 'yeni-sifre-1');
    await user.type(screen.getByLabelText('Yeni şifre (tekrar)'), 'yeni-sifre-2');
    await user.click(screen.getByRole('button', { name: 'Şifreyi Değiştir' }));
    expect(await screen.findByText('Şifreler eşleşmiyor')).toBeInTheDocument();
  });

  it('changes the password on the server and clears the form; a wrong current password keeps the session', async () => {
    let calls = 0;
    server.use(
      http.post(api('/auth/change-password'), () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ detail: 'Mevcut şifreniz hatalı.', code: 'INVALID_CREDENTIALS' }, { status: 401 })
          : HttpResponse.json({ detail: 'Şifreniz başarıyla değiştirildi.', access_token: 'tok-2', token_type: 'bearer', expires_in: 86400 });
      }),
    );
    const { user, store } = renderProfile();
    const fill = async () => {
      await user.type(screen.getByLabelText('Mevcut şifre'), 'eski-sifre');
      await user.type(screen.getByLabelText('Yeni şifre'), 'yeni-sifre-1');
      await user.type(screen.getByLabelText('Yeni şifre (tekrar)'), 'yeni-sifre-1');
      await user.click(screen.getByRole('button', { name: 'Şifreyi Değiştir' }));
    };
    await fill();
    expect(await screen.findByText('Mevcut şifreniz hatalı.')).toBeInTheDocument();
    expect(store.getState().auth.token).toBe('test-token');
    await user.clear(screen.getByLabelText('Mevcut şifre'));
    await user.clear(screen.getByLabelText('Yeni şifre'));
    await user.clear(screen.getByLabelText('Yeni şifre (tekrar)'));
    await fill();
    expect(await screen.findByText('Şifreniz başarıyla değiştirildi.')).toBeInTheDocument();
    expect(screen.getByLabelText('Mevcut şifre')).toHaveValue('');
    expect(store.getState().auth.token).toBe('tok-2');
    expect(localStorage.getItem('authToken')).toBe('tok-2');
  });

  it('shows the Slack webhook field only when Slack is ticked, and applies and stores the theme', async () => {
    const { user, store } = renderProfile();
    expect(screen.queryByLabelText('Slack webhook adresi')).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Slack bildirimleri'));
    expect(screen.getByLabelText('Slack webhook adresi')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Koyu'));
    await user.click(screen.getByRole('button', { name: 'Tercihleri Kaydet' }));
    expect(await screen.findByText('Tercihleriniz kaydedildi')).toBeInTheDocument();
    expect(document.documentElement).toHaveClass('dark');
    expect(JSON.parse(localStorage.getItem('preferences') ?? '{}')).toMatchObject({ theme: 'dark', slackNotifications: true, emailNotifications: true });
    expect(store.getState().preferences.theme).toBe('dark');
  });

  it('deletes the account after the browser confirmation, logs out and goes home', async () => {
    let body: unknown = null;
    server.use(
      http.delete(api('/auth/me'), async ({ request }) => {
        body = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user, store } = renderProfile();
    await user.type(screen.getByLabelText('Şifreniz'), 'gizli-sifre');
    await user.click(screen.getByRole('button', { name: 'Hesabı Sil' }));
    expect(confirm).toHaveBeenCalledWith('Hesabınızı silmek istediğinizden emin misiniz? Bu işlem geri alınamaz.');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(body).toEqual({ password: 'gizli-sifre' });
    expect(store.getState().auth.token).toBeNull();
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(await screen.findByText('Hesabınız başarıyla silindi')).toBeInTheDocument();
  });

  it('does nothing when the confirmation is declined', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { user, store } = renderProfile();
    await user.type(screen.getByLabelText('Şifreniz'), 'gizli-sifre');
    await user.click(screen.getByRole('button', { name: 'Hesabı Sil' }));
    expect(confirm).toHaveBeenCalled();
    expect(store.getState().auth.token).toBe('test-token');
  });
});

describe('notification preferences on the server', () => {
  it('shows the saved server preferences and writes changes back with the theme kept locally', async () => {
    let sent: Record<string, unknown> | null = null;
    server.use(
      http.get(api('/auth/me/preferences'), () => HttpResponse.json({ emailNotifications: false, slackNotifications: true, slackWebhookUrl: 'https://hooks.slack.com/services/T/B/C' })),
      http.put(api('/auth/me/preferences'), async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(sent);
      }),
    );
    const { user } = renderProfile();
    expect(await screen.findByDisplayValue('https://hooks.slack.com/services/T/B/C')).toBeInTheDocument();
    expect(screen.getByLabelText('E-posta bildirimleri')).not.toBeChecked();
    await user.click(screen.getByLabelText('E-posta bildirimleri'));
    await user.click(screen.getByLabelText('Açık'));
    await user.click(screen.getByRole('button', { name: 'Tercihleri Kaydet' }));
    expect(await screen.findByText('Tercihleriniz kaydedildi')).toBeInTheDocument();
    expect(sent).toEqual({ emailNotifications: true, slackNotifications: true, slackWebhookUrl: 'https://hooks.slack.com/services/T/B/C' });
    expect(JSON.parse(localStorage.getItem('preferences') ?? '{}')).toMatchObject({ theme: 'light' });
  });

  it('reports a refused Slack address under its field and keeps the old preferences', async () => {
    server.use(
      http.put(api('/auth/me/preferences'), () =>
        HttpResponse.json(
          { detail: 'Slack bildirimleri için bir webhook adresi girin.', code: 'VALIDATION_FAILED', fields: { slackWebhookUrl: 'Slack bildirimleri için bir webhook adresi girin.' } },
          { status: 422 },
        ),
      ),
    );
    const { user, store } = renderProfile();
    await user.click(await screen.findByLabelText('Slack bildirimleri'));
    await user.click(screen.getByRole('button', { name: 'Tercihleri Kaydet' }));
    expect(await screen.findByText('Tercihler kaydedilirken bir hata oluştu')).toBeInTheDocument();
    expect(screen.getByText('Slack bildirimleri için bir webhook adresi girin.')).toBeInTheDocument();
    expect(store.getState().preferences.slackNotifications).toBe(false);
  });
});
