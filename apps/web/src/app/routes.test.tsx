import { screen, within } from '@testing-library/react';
import { getPlanTable } from '@seyir/domain';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ownerUser, projectFor } from '../test/fixtures';
import { api, server } from '../test/server';
import { renderWithProviders } from '../test/renderWithProviders';
import { AppRoutes } from './App';

function answerEverything() {
  server.use(
    http.get(api('/plans'), () => HttpResponse.json({ preset: 'pricing', beta: true, plans: getPlanTable() })),
    http.get(api('/projects/'), () => HttpResponse.json([projectFor('owner')])),
    http.get(api('/projects/p1'), () => HttpResponse.json(projectFor('owner'))),
    http.get(api('/projects/p1/members'), () => HttpResponse.json(projectFor('owner').team_members)),
    http.get(api('/projects/p1/api-keys/'), () => HttpResponse.json([])),
    http.get(api('/projects/p1/logs/'), () => HttpResponse.json({ items: [], total: 0, skip: 0, limit: 50 })),
    http.get(api('/projects/p1/logs/l1'), () => HttpResponse.json({ _id: 'l1', project_id: 'p1', timestamp: '2025-03-10T12:00:00Z', level: 'INFO', message: 'merhaba' })),
    http.get(api('/projects/p1/groups'), () => HttpResponse.json({ items: [], total: 0, pagination: { skip: 0, limit: 20, has_more: false } })),
    http.get(api('/projects/p1/groups/summary'), () => HttpResponse.json({ summary: { total_groups: 0, active_groups: 0, error_groups: 0, total_logs: 0 } })),
    http.get(api('/projects/p1/groups/g1'), () =>
      HttpResponse.json({ _id: 'g1', sample_message: 'grup mesajı', level: 'ERROR', count: 1, last_seen: '2025-03-10T12:00:00Z', first_seen: '2025-03-10T12:00:00Z' }),
    ),
    http.get(api('/projects/p1/groups/g1/logs'), () => HttpResponse.json({ items: [], total: 0 })),
    http.get(api('/projects/p1/groups/g1/notes'), () => HttpResponse.json([])),
    http.get(api('/dashboard/*'), () => HttpResponse.json([])),
  );
}

describe('every §2 route', () => {
  it.each([
    ['/', 'Python uygulamalarınızın loglarını tek yerden izleyin'],
    ['/features', 'Özellikler'],
    ['/pricing', 'Fiyatlandırma'],
    ['/contact', 'İletişim'],
    ['/login', 'Giriş Yap'],
    ['/register', 'Kayıt Ol'],
    ['/docs', 'Sayfa Bulunamadı'],
    ['/olmayan/bir/yol', 'Sayfa Bulunamadı'],
  ])('shows %s to a visitor', async (route, heading) => {
    answerEverything();
    renderWithProviders(<AppRoutes />, { route });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it.each([
    ['/dashboard', 'Merhaba, Ayşe!'],
    ['/profile', 'Profil Ayarları'],
    ['/projects', 'Projeler'],
    ['/projects/new', 'Yeni Proje'],
    ['/projects/p1', 'Ödeme Servisi'],
    ['/projects/p1/logs', 'Loglar'],
    ['/projects/p1/logs/l1', 'merhaba'],
    ['/projects/p1/groups', 'Log Grupları'],
    ['/projects/p1/groups/g1', 'grup mesajı'],
    ['/projects/p1/api-keys', 'API Anahtarları'],
    ['/projects/p1/settings', 'Erişim Ayarları'],
  ])('shows %s to a signed-in user inside the shell', async (route, heading) => {
    answerEverything();
    renderWithProviders(<AppRoutes />, { route, signedInAs: ownerUser });
    expect(await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByText('Sürüm 0.1.0')).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Kenar çubuğu' })).toBeInTheDocument();
  });

  it('hides the pricing link from signed-in visitors of public pages', async () => {
    answerEverything();
    renderWithProviders(<AppRoutes />, { route: '/features', signedInAs: ownerUser });
    await screen.findByRole('heading', { level: 1, name: 'Özellikler' });
    const nav = screen.getByRole('navigation', { name: 'Ana menü' });
    expect(within(nav).queryByRole('link', { name: 'Fiyatlandırma' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Özellikler' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Dashboard' }).length).toBeGreaterThan(0);
  });
});
