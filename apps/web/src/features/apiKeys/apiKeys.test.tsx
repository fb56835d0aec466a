import { screen, waitFor, within } from '@testing-library/react';
import type { ApiKey } from '@seyir/domain';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { projectFor, ownerUser, viewerUser } from '../../test/fixtures';
import { api, server } from '../../test/server';
import { renderWithProviders } from '../../test/renderWithProviders';
import ApiKeysPage, { displayKey } from './ApiKeysPage';

const FULL = 'seyir_4f9a2b7c1d0e8f3a6b5c4d2e1f0a9b8c';
const listed: ApiKey = {
  _id: 'k1',
  id: 'k1',
  name: 'Üretim sunucusu',
  key: 'seyir_4f••••••••••••9b8c',
  created_at: '2025-03-01T09:00:00Z',
  last_used: null,
  is_active: true,
};

function mockProject(role: 'owner' | 'viewer' = 'owner', keys: ApiKey[] = [listed]) {
  server.use(
    http.get(api('/projects/p1'), () => HttpResponse.json(projectFor(role))),
    http.get(api('/projects/p1/api-keys/'), () => HttpResponse.json(keys)),
  );
}

describe('API key masking', () => {
  it('keeps the first 8 and last 4 characters with the middle masked', () => {
    expect(displayKey(FULL)).toBe('seyir_4f••••••••••••9b8c');
    expect(displayKey(listed.key)).toBe(listed.key);
  });
});

describe('ApiKeysPage', () => {
  it('lists keys masked, with status and actions for a project admin', async () => {
    mockProject('owner', [listed, { ...listed, _id: 'k2', id: 'k2', name: 'Eski', key: FULL, is_active: false }]);
    renderWithProviders(<ApiKeysPage />, { route: '/projects/p1/api-keys', path: '/projects/:projectId/api-keys', signedInAs: ownerUser });
    const masked = await screen.findAllByTestId('masked-key');
    expect(masked.map((m) => m.textContent)).toEqual(['seyir_4f••••••••••••9b8c', 'seyir_4f••••••••••••9b8c']);
    expect(screen.queryByText(FULL)).not.toBeInTheDocument();
    expect(screen.getByText('Aktif')).toBeInTheDocument();
    expect(screen.getByText('Pasif')).toBeInTheDocument();
    expect(screen.getAllByText('Hiç kullanılmadı')).toHaveLength(2);
    expect(screen.getByRole('columnheader', { name: 'İşlemler' })).toBeInTheDocument();
  });

  it('shows the §5 name messages', async () => {
    mockProject();
    const { user } = renderWithProviders(<ApiKeysPage />, { route: '/projects/p1/api-keys', path: '/projects/:projectId/api-keys', signedInAs: ownerUser });
    const create = await screen.findByRole('button', { name: 'Oluştur' });
    await user.click(create);
    expect(await screen.findByText('API anahtarı adı gereklidir')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Anahtar adı'), 'ab');
    expect(await screen.findByText('API anahtarı adı en az 3 karakter olmalıdır')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Anahtar adı'), 'c'.repeat(49));
    expect(await screen.findByText('API anahtarı adı en fazla 50 karakter olabilir')).toBeInTheDocument();
  });

  it('shows a new key in full once, copies it, and hides it when closed', async () => {
    mockProject('owner', []);
    server.use(http.post(api('/projects/p1/api-keys/'), () => HttpResponse.json({ ...listed, key: FULL }, { status: 201 })));
    const { user } = renderWithProviders(<ApiKeysPage />, { route: '/projects/p1/api-keys', path: '/projects/:projectId/api-keys', signedInAs: ownerUser });
    await user.type(await screen.findByLabelText('Anahtar adı'), 'Üretim sunucusu');
    await user.click(screen.getByRole('button', { name: 'Oluştur' }));
    expect(await screen.findByTestId('full-key')).toHaveTextContent(FULL);
    await user.click(screen.getByRole('button', { name: 'Kopyala' }));
    expect(await navigator.clipboard.readText()).toBe(FULL);
    expect(await screen.findByText('API anahtarı panoya kopyalandı!')).toBeInTheDocument();
    const panel = screen.getByTestId('full-key').closest('[role="status"]') as HTMLElement;
    await user.click(within(panel).getByRole('button', { name: 'Kapat' }));
    expect(screen.queryByTestId('full-key')).not.toBeInTheDocument();
  });

  it('deactivates a key at once and keeps the state the server answers', async () => {
    mockProject();
    server.use(http.put(api('/projects/p1/api-keys/k1/deactivate'), () => HttpResponse.json({ ...listed, is_active: false, name: 'Üretim (sunucu)' })));
    const { user } = renderWithProviders(<ApiKeysPage />, { route: '/projects/p1/api-keys', path: '/projects/:projectId/api-keys', signedInAs: ownerUser });
    await user.click(await screen.findByRole('button', { name: /Devre Dışı Bırak/ }));
    expect(await screen.findByText('API anahtarı devre dışı bırakıldı.')).toBeInTheDocument();
    expect(await screen.findByText('Üretim (sunucu)')).toBeInTheDocument();
    expect(screen.getByText('Pasif')).toBeInTheDocument();
  });

  it('rolls the toggle back when the server refuses', async () => {
    mockProject();
    server.use(http.put(api('/projects/p1/api-keys/k1/deactivate'), () => HttpResponse.json({ detail: 'Bu işlem için yetkiniz yok.', code: 'FORBIDDEN' }, { status: 403 })));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderWithProviders(<ApiKeysPage />, { route: '/projects/p1/api-keys', path: '/projects/:projectId/api-keys', signedInAs: ownerUser });
    await user.click(await screen.findByRole('button', { name: /Devre Dışı Bırak/ }));
    expect(await screen.findByText('Bu işlem için yetkiniz yok.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Aktif')).toBeInTheDocument());
  });

  it('deletes after the confirmation dialog', async () => {
    mockProject();
    server.use(http.delete(api('/projects/p1/api-keys/k1'), () => new HttpResponse(null, { status: 204 })));
    const { user } = renderWithProviders(<ApiKeysPage />, { route: '/projects/p1/api-keys', path: '/projects/:projectId/api-keys', signedInAs: ownerUser });
    await user.click(await screen.findByRole('button', { name: /^Sil/ }));
    const dialog = screen.getByRole('alertdialog', { name: 'API Anahtarını Sil' });
    await user.click(within(dialog).getByRole('button', { name: 'Sil' }));
    expect(await screen.findByText('API anahtarı başarıyla silindi.')).toBeInTheDocument();
    expect(await screen.findByText('Henüz API anahtarı yok.')).toBeInTheDocument();
  });

  it('hides the create form and actions from a viewer', async () => {
    mockProject('viewer');
    renderWithProviders(<ApiKeysPage />, { route: '/projects/p1/api-keys', path: '/projects/:projectId/api-keys', signedInAs: viewerUser });
    await screen.findAllByTestId('masked-key');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Oluştur' })).not.toBeInTheDocument());
    expect(screen.queryByRole('columnheader', { name: 'İşlemler' })).not.toBeInTheDocument();
  });

  it('fills the usage guide with this server and the ingest endpoints', async () => {
    mockProject();
    renderWithProviders(<ApiKeysPage />, { route: '/projects/p1/api-keys', path: '/projects/:projectId/api-keys', signedInAs: ownerUser });
    expect(await screen.findByText('Kullanım Kılavuzu')).toBeInTheDocument();
    expect(screen.getByText(`POST ${window.location.origin}/api/ingest/{apiKey}/batch`)).toBeInTheDocument();
    expect(screen.getByText(/seyir\.integrations\.django\.SeyirMiddleware/)).toBeInTheDocument();
  });
});
