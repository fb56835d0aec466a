import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import ProjectFormPage from '../projects/ProjectFormPage';
import { ownerUser, projectFor, viewerUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { api, server } from '../../test/server';

const configured = {
  configured: true, endpoint: 'https://s3.example.com', region: 'eu-central-1', bucket: 'loglar', prefix: 'seyir',
  access_key_id: 'AKIA1', has_secret: true, last_archived_at: null, last_error: 'upload failed: 404 NoSuchBucket',
};

describe('project archive settings', () => {
  it('lets an owner save S3 settings (the secret only when typed), shows the server’s reasons, and never shows the secret', async () => {
    const bodies: any[] = [];
    server.use(
      http.get(api('/projects/p1'), () => HttpResponse.json(projectFor('owner'))),
      http.get(api('/projects/p1/archive'), () => HttpResponse.json(configured)),
      http.put(api('/projects/p1/archive'), async ({ request }) => {
        const body = await request.json();
        bodies.push(body);
        if (bodies.length === 1) return HttpResponse.json({ detail: 'Arşiv deposuna yazılamadı: upload failed: 403 AccessDenied', code: 'BAD_REQUEST' }, { status: 400 });
        return HttpResponse.json({ ...configured, bucket: 'yeni-kova', last_error: null });
      }),
    );
    const { user } = renderWithProviders(<ProjectFormPage />, { route: '/projects/p1', path: '/projects/:projectId', signedInAs: ownerUser });
    expect(await screen.findByRole('heading', { name: 'Arşiv (süresi dolan loglar)' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Kova (bucket)')).toHaveValue('loglar'));
    expect(screen.getByText('Son hata: upload failed: 404 NoSuchBucket')).toBeInTheDocument();
    expect(screen.getByLabelText('Gizli anahtar')).toHaveValue('');
    expect(screen.getByLabelText('Gizli anahtar')).toHaveAttribute('placeholder', 'Kayıtlı (değiştirmek için yenisini girin)');
    expect(screen.getByText('Dosyalar: seyir/<proje>/<yyyy>/<mm>/<dd>.ndjson.gz')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Kova (bucket)'));
    await user.type(screen.getByLabelText('Kova (bucket)'), 'yeni-kova');
    await user.click(screen.getByRole('button', { name: 'Kaydet ve Dene' }));
    expect(await screen.findByText('Arşiv deposuna yazılamadı: upload failed: 403 AccessDenied')).toBeInTheDocument();
    expect(bodies[0]).not.toHaveProperty('secret_access_key');

    await user.type(screen.getByLabelText('Gizli anahtar'), 'yeni-gizli');
    await user.click(screen.getByRole('button', { name: 'Kaydet ve Dene' }));
    expect(await screen.findByText('Arşiv ayarları kaydedildi.')).toBeInTheDocument();
    expect(bodies[1]).toMatchObject({ bucket: 'yeni-kova', secret_access_key: 'yeni-gizli', endpoint: 'https://s3.example.com' });
  });

  it('is not shown to a viewer', async () => {
    server.use(http.get(api('/projects/p1'), () => HttpResponse.json(projectFor('viewer'))));
    renderWithProviders(<ProjectFormPage />, { route: '/projects/p1', path: '/projects/:projectId', signedInAs: viewerUser });
    expect(await screen.findByLabelText('Proje adı')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Arşiv (süresi dolan loglar)' })).not.toBeInTheDocument();
  });
});
