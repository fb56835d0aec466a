import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ownerUser, projectFor } from '../../test/fixtures';
import { api, server } from '../../test/server';
import { renderWithProviders } from '../../test/renderWithProviders';
import AppLayout from '../shell/AppLayout';
import ProjectsPage from './ProjectsPage';

function renderProjects() {
  return renderWithProviders(
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="/projects" element={<ProjectsPage />} />
      </Route>
    </Routes>,
    { route: '/projects', signedInAs: ownerUser },
  );
}

describe('ProjectsPage and the shell', () => {
  it('lists project cards with environments, date and team size, plus the create card', async () => {
    server.use(http.get(api('/projects/'), () => HttpResponse.json([projectFor('owner')])));
    renderProjects();
    const card = (await screen.findByRole('heading', { name: 'Ödeme Servisi', level: 2 })).closest('article') as HTMLElement;
    expect(within(card).getByText('staging')).toBeInTheDocument();
    expect(within(card).getByText('Oluşturulma: 1 Şubat 2025')).toBeInTheDocument();
    expect(within(card).getByText('3 ekip üyesi')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Yeni Proje Oluştur/ })).toHaveAttribute('href', '/projects/new');
    expect(screen.getByText('Sürüm 0.1.0')).toBeInTheDocument();
  });

  it('deletes after the confirmation, putting the card back if the server refuses', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get(api('/projects/'), () => HttpResponse.json([projectFor('owner')])),
      http.delete(api('/projects/p1'), () => new HttpResponse(null, { status: 500 })),
    );
    const { user } = renderProjects();
    await user.click(await screen.findByRole('button', { name: 'Ödeme Servisi projesini sil' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Projeyi Sil' });
    expect(within(dialog).getByRole('button', { name: 'İptal' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Sil' }));
    expect(await screen.findByText('Proje silinirken bir hata oluştu.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Ödeme Servisi', level: 2 })).toBeInTheDocument();
  });

  it('closes the confirmation with Escape', async () => {
    server.use(http.get(api('/projects/'), () => HttpResponse.json([projectFor('owner')])));
    const { user } = renderProjects();
    await user.click(await screen.findByRole('button', { name: 'Ödeme Servisi projesini sil' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('collapses the sidebar from 64 to 16 units', async () => {
    server.use(http.get(api('/projects/'), () => HttpResponse.json([projectFor('owner')])));
    const { user } = renderProjects();
    const sidebar = screen.getByRole('complementary', { name: 'Kenar çubuğu' });
    expect(sidebar).toHaveClass('w-64');
    await user.click(screen.getByRole('button', { name: 'Kenar çubuğunu daralt' }));
    expect(sidebar).toHaveClass('w-16');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Kenar çubuğunu genişlet' })).toBeInTheDocument());
  });

  it("toasts 'Projeler yüklenirken bir hata oluştu.' when the list fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get(api('/projects/'), () => new HttpResponse(null, { status: 500 })));
    renderProjects();
    expect(await screen.findByText('Projeler yüklenirken bir hata oluştu.')).toBeInTheDocument();
  });
});
