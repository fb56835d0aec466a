import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ownerUser, projectFor, viewerUser } from '../../test/fixtures';
import { api, server } from '../../test/server';
import { renderWithProviders } from '../../test/renderWithProviders';
import GroupDetailPage from './GroupDetailPage';
import type { LogGroup } from './types';

const group: LogGroup = {
  _id: 'g1',
  sample_message: 'KeyError: user_id',
  level: 'ERROR',
  environment: 'production',
  tags: ['api'],
  severity: 'high',
  count: 42,
  is_recent: true,
  last_seen: new Date().toISOString(),
  first_seen: '2025-01-01T00:00:00Z',
  users_count: 3,
  status: 'unresolved',
};

function mock(role: 'owner' | 'viewer', statusAnswer: () => Response) {
  server.use(
    http.get(api('/projects/p1'), () => HttpResponse.json(projectFor(role))),
    http.get(api('/projects/p1/groups/g1'), () => HttpResponse.json(group)),
    http.get(api('/projects/p1/groups/g1/logs'), () => HttpResponse.json({ items: [], total: 0 })),
    http.get(api('/projects/p1/groups/g1/notes'), () => HttpResponse.json([{ _id: 'n1', text: 'İnceleniyor', author: { username: 'ayse' }, created_at: new Date().toISOString() }])),
    http.patch(api('/projects/p1/groups/g1'), statusAnswer),
  );
}

describe('GroupDetailPage', () => {
  it('shows the summary, notes and status actions; resolving shows at once', async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((r) => (release = r));
    mock('owner', () => {
      return answered.then(() => HttpResponse.json({ ...group, status: 'resolved' })) as unknown as Response;
    });
    const { user } = renderWithProviders(<GroupDetailPage />, { route: '/projects/p1/groups/g1', path: '/projects/:projectId/groups/:groupId', signedInAs: ownerUser });
    expect(await screen.findByRole('heading', { name: 'KeyError: user_id' })).toBeInTheDocument();
    expect(screen.getByText('Yüksek Öncelik')).toBeInTheDocument();
    expect(screen.getByText('Çözülmedi')).toBeInTheDocument();
    expect(await screen.findByText('İnceleniyor')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Çözüldü Olarak İşaretle' }));
    expect(await screen.findByRole('button', { name: 'Yeniden Aç' })).toBeInTheDocument();
    release();
    expect(await screen.findByText('Grup durumu güncellendi.')).toBeInTheDocument();
  });

  it('rolls the status back when the server refuses', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mock('owner', () => HttpResponse.json({ detail: 'Bu işlem için yetkiniz yok.', code: 'FORBIDDEN' }, { status: 403 }));
    const { user } = renderWithProviders(<GroupDetailPage />, { route: '/projects/p1/groups/g1', path: '/projects/:projectId/groups/:groupId', signedInAs: ownerUser });
    await user.click(await screen.findByRole('button', { name: 'Yok Say' }));
    expect(await screen.findByText('Bu işlem için yetkiniz yok.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Çözülmedi')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Yok Say' })).toBeInTheDocument();
  });

  it('gives a viewer no status actions and no note form', async () => {
    mock('viewer', () => HttpResponse.json(group));
    renderWithProviders(<GroupDetailPage />, { route: '/projects/p1/groups/g1', path: '/projects/:projectId/groups/:groupId', signedInAs: viewerUser });
    expect(await screen.findByText('İnceleniyor')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Çözüldü Olarak İşaretle' })).not.toBeInTheDocument());
    expect(screen.queryByLabelText('Yeni not')).not.toBeInTheDocument();
  });
});
