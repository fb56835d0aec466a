import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ownerUser, projectFor, viewerUser } from '../../test/fixtures';
import { api, server } from '../../test/server';
import { renderWithProviders } from '../../test/renderWithProviders';
import AppLayout from '../shell/AppLayout';
import DashboardPage from './DashboardPage';

function renderDashboard(signedInAs = ownerUser) {
  return renderWithProviders(
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="/dashboard" element={<DashboardPage />} />
      </Route>
    </Routes>,
    { route: '/dashboard', signedInAs },
  );
}

describe('DashboardPage', () => {
  it('greets by first name and invites creating the first project when there is none', async () => {
    server.use(http.get(api('/projects/'), () => HttpResponse.json([])));
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Merhaba, Ayşe!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'İlk Projenizi Oluşturun' })).toHaveAttribute('href', '/projects/new');
  });

  it('shows stat cards that tick up with live logs, the distribution and the recent logs', async () => {
    server.use(
      http.get(api('/projects/'), () => HttpResponse.json([projectFor('owner')])),
      http.get(api('/dashboard/stats'), () =>
        HttpResponse.json({ totalLogs: 1500, totalLogsChange: 12.5, errorLogs: 40, errorLogsChange: -3, projects: 1, todayLogs: 99, todayLogsChange: 0 }),
      ),
      http.get(api('/dashboard/logs/activity'), () => HttpResponse.json([{ date: '2025-03-10', INFO: 5, WARNING: 1, ERROR: 2, CRITICAL: 0, DEBUG: 0 }])),
      http.get(api('/dashboard/logs/distribution'), () => HttpResponse.json([{ level: 'INFO', count: 3 }, { level: 'ERROR', count: 1 }])),
      http.get(api('/dashboard/logs/recent'), () =>
        HttpResponse.json([{ _id: 'l1', project_id: 'p1', timestamp: '2025-03-10T10:00:00Z', level: 'ERROR', message: 'Ödeme alınamadı' }]),
      ),
    );
    const { live } = renderDashboard(viewerUser);
    expect(await screen.findByRole('heading', { name: 'Merhaba, mehmet!' })).toBeInTheDocument();
    expect(await screen.findByText('1.500')).toBeInTheDocument();
    expect(screen.getByText('+%12,5 önceki döneme göre')).toBeInTheDocument();
    expect(screen.getByText('-%3 önceki döneme göre')).toBeInTheDocument();
    expect(await screen.findByText('Ödeme alınamadı')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Seviye Dağılımı: .*Bilgi: 3 \(%75\)/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tüm logları görüntüle' })).toHaveAttribute('href', '/projects/p1/logs');
    act(() => live.emit('log:new', { _id: 'l2', project_id: 'p1', timestamp: '2025-03-10T10:01:00Z', level: 'CRITICAL', message: 'Disk doldu' }));
    expect(await screen.findByText('1.501')).toBeInTheDocument();
    expect(screen.getByText('41')).toBeInTheDocument();
    expect(screen.getByText('100')).toBeInTheDocument();
    expect(await screen.findByText('Disk doldu')).toBeInTheDocument();
  });
});
