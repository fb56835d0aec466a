import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ownerUser, projectFor } from '../../test/fixtures';
import { api, server } from '../../test/server';
import { renderWithProviders } from '../../test/renderWithProviders';
import ProjectFormPage from './ProjectFormPage';

function renderNew() {
  return renderWithProviders(
    <Routes>
      <Route path="/projects/new" element={<ProjectFormPage />} />
      <Route path="/projects/:projectId" element={<p>proje</p>} />
    </Routes>,
    { route: '/projects/new', signedInAs: ownerUser },
  );
}

describe('ProjectFormPage', () => {
  it('shows the §5 project name messages', async () => {
    const { user } = renderNew();
    await user.click(screen.getByRole('button', { name: 'Projeyi Oluştur' }));
    expect(await screen.findByText('Proje adı gereklidir')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Proje adı'), 'ab');
    expect(await screen.findByText('Proje adı en az 3 karakter olmalıdır')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Proje adı'), 'x'.repeat(49));
    expect(await screen.findByText('Proje adı en fazla 50 karakter olabilir')).toBeInTheDocument();
  });

  it('starts with the default environments, trims and lower-cases new ones, warns on duplicates', async () => {
    const { user } = renderNew();
    const envs = screen.getByRole('group', { name: 'Ortamlar' });
    expect(within(envs).getByText('production')).toBeInTheDocument();
    expect(within(envs).getByText('staging')).toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Ekle' });
    expect(add).toBeDisabled();
    await user.type(screen.getByLabelText('Yeni ortam'), '  QA  ');
    await user.click(add);
    expect(within(envs).getByText('qa')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Yeni ortam'), 'Staging{Enter}');
    expect(await screen.findByText('Bu ortam zaten eklenmiş.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'development ortamını kaldır' }));
    expect(within(envs).queryByText('development')).not.toBeInTheDocument();
  });

  it('creates the project and goes to it', async () => {
    let sent: unknown = null;
    server.use(
      http.post(api('/projects/'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...projectFor('owner'), _id: 'p9', id: 'p9' }, { status: 201 });
      }),
    );
    const { user } = renderNew();
    await user.type(screen.getByLabelText('Proje adı'), 'Ödeme Servisi');
    await user.click(screen.getByRole('button', { name: 'Projeyi Oluştur' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/projects/p9'));
    expect(sent).toEqual({ name: 'Ödeme Servisi', environments: ['production', 'staging', 'development'] });
    expect(await screen.findByText('Proje başarıyla oluşturuldu.')).toBeInTheDocument();
  });

  it('edits a project in place and reports success', async () => {
    server.use(
      http.get(api('/projects/p1'), () => HttpResponse.json(projectFor('owner'))),
      http.put(api('/projects/p1'), async ({ request }) => HttpResponse.json({ ...projectFor('owner'), ...((await request.json()) as object) })),
    );
    const { user } = renderWithProviders(<ProjectFormPage />, { route: '/projects/p1', path: '/projects/:projectId', signedInAs: ownerUser });
    const name = await screen.findByDisplayValue('Ödeme Servisi');
    await user.clear(name);
    await user.type(name, 'Ödeme API');
    await user.click(screen.getByRole('button', { name: 'Değişiklikleri Kaydet' }));
    expect(await screen.findByText('Proje başarıyla güncellendi.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/projects/p1');
  });

  it('reports a failed load and goes back to the list', async () => {
    server.use(http.get(api('/projects/p1'), () => HttpResponse.json({ detail: 'Proje bulunamadı.', code: 'NOT_FOUND' }, { status: 404 })));
    renderWithProviders(<ProjectFormPage />, { route: '/projects/p1', path: '/projects/:projectId', signedInAs: ownerUser });
    expect(await screen.findByText('Proje bilgileri yüklenirken bir hata oluştu.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/projects'));
  });
});
