import { screen, waitFor, within } from '@testing-library/react';
import type { Project, User } from '@seyir/domain';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { adminMemberUser, globalAdminUser, ownerUser, projectFor, viewerUser } from '../../test/fixtures';
import { api, server } from '../../test/server';
import { renderWithProviders } from '../../test/renderWithProviders';
import SettingsPage from './SettingsPage';

function setup(role: Project['my_role'], signedInAs: User) {
  const project = projectFor(role);
  server.use(
    http.get(api('/projects/p1'), () => HttpResponse.json(project)),
    http.get(api('/projects/p1/members'), () => HttpResponse.json(project.team_members)),
  );
  return renderWithProviders(<SettingsPage />, { route: '/projects/p1/settings', path: '/projects/:projectId/settings', signedInAs });
}

async function rows() {
  const found = await screen.findAllByTestId('member-row');
  return Object.fromEntries(found.map((r) => [within(r).getAllByRole('cell')[0]!.textContent?.split(' ')[0], r]));
}

describe('SettingsPage role-dependent controls (§6)', () => {
  it('shows a viewer no add button and no actions column', async () => {
    setup('viewer', viewerUser);
    await rows();
    await waitFor(() => expect(screen.getByText('Ödeme Servisi · Proje ekibini ve rollerini yönetin')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Üye Ekle' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'İşlemler' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /projeden çıkar/ })).not.toBeInTheDocument();
  });

  it("shows an editor no add button either", async () => {
    setup('editor', viewerUser);
    await rows();
    await waitFor(() => expect(screen.getByText(/Ödeme Servisi/)).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Üye Ekle' })).not.toBeInTheDocument();
  });

  it("gives the owner the add button and remove buttons, except on the owner's own row", async () => {
    setup('owner', ownerUser);
    expect(await screen.findByRole('button', { name: 'Üye Ekle' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'İşlemler' })).toBeInTheDocument();
    const r = await rows();
    expect(within(r.ayse!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(r.ayse!).getByText('Sahip')).toBeInTheDocument();
    expect(within(r.mehmet!).getByRole('button', { name: 'mehmet kullanıcısını projeden çıkar' })).toBeInTheDocument();
    expect(within(r.zeynep!).getByRole('button', { name: 'zeynep kullanıcısını projeden çıkar' })).toBeInTheDocument();
  });

  it("lets a project admin manage others but not remove the owner or themself", async () => {
    setup('admin', adminMemberUser);
    expect(await screen.findByRole('button', { name: 'Üye Ekle' })).toBeInTheDocument();
    const r = await rows();
    expect(within(r.ayse!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(r.zeynep!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(r.zeynep!).getByText('(siz)')).toBeInTheDocument();
    expect(within(r.mehmet!).getByRole('button', { name: /mehmet/ })).toBeInTheDocument();
  });

  it('lets a global admin manage a project they only view', async () => {
    setup('viewer', globalAdminUser);
    expect(await screen.findByRole('button', { name: 'Üye Ekle' })).toBeInTheDocument();
    const r = await rows();
    expect(within(r.mehmet!).getByRole('button', { name: /mehmet/ })).toBeInTheDocument();
    expect(within(r.ayse!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('removes a member after the browser confirmation naming them', async () => {
    const { user } = setup('owner', ownerUser);
    let deleted = '';
    server.use(
      http.delete(api('/projects/p1/members/:userId'), ({ params }) => {
        deleted = String(params.userId);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const r = await rows();
    await user.click(within(r.mehmet!).getByRole('button'));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('mehmet'));
    expect(await screen.findByText('Kullanıcı projeden çıkarıldı')).toBeInTheDocument();
    expect(deleted).toBe('u-viewer');
  });

  it('searches from 2 characters, hides current members, requires a choice and adds as viewer by default', async () => {
    const { user } = setup('owner', ownerUser);
    let added: unknown = null;
    server.use(
      http.get(api('/users/search'), () =>
        HttpResponse.json([
          { _id: 'u-viewer', id: 'u-viewer', username: 'mehmet', email: 'mehmet@example.com' },
          { _id: 'u-new', id: 'u-new', username: 'mert', email: 'mert@example.com' },
        ]),
      ),
      http.post(api('/projects/p1/members'), async ({ request }) => {
        added = await request.json();
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Üye Ekle' }));
    expect(screen.getByText('Arama için en az 2 karakter girmelisiniz')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Kullanıcı ara'), 'm');
    expect(screen.getByText('Arama için en az 2 karakter girmelisiniz')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ekle' }));
    expect(await screen.findByText('Lütfen bir kullanıcı seçin')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Kullanıcı ara'), 'e');
    const mert = await screen.findByRole('button', { name: /mert/ });
    expect(screen.queryByRole('button', { name: /mehmet@example.com/ })).not.toBeInTheDocument();
    await user.click(mert);
    expect(screen.getByLabelText('Rol')).toHaveValue('viewer');
    await user.click(screen.getByRole('button', { name: 'Ekle' }));
    await waitFor(() => expect(added).toEqual({ user_id: 'u-new', role: 'viewer' }));
  });

  it('says so when nobody new matches, and shows the server detail when adding fails', async () => {
    const { user } = setup('owner', ownerUser);
    server.use(
      http.get(api('/users/search'), ({ request }) =>
        new URL(request.url).searchParams.get('q') === 'zz'
          ? HttpResponse.json([])
          : HttpResponse.json([{ _id: 'u-new', id: 'u-new', username: 'mert', email: 'mert@example.com' }]),
      ),
      http.post(api('/projects/p1/members'), () => HttpResponse.json({ detail: 'Bu kullanıcı zaten proje ekibinde.', code: 'CONFLICT' }, { status: 409 })),
    );
    await user.click(await screen.findByRole('button', { name: 'Üye Ekle' }));
    await user.type(screen.getByLabelText('Kullanıcı ara'), 'zz');
    expect(await screen.findByText('Aramanızla eşleşen veya henüz ekip üyesi olmayan kullanıcı bulunamadı')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Kullanıcı ara'));
    await user.type(screen.getByLabelText('Kullanıcı ara'), 'mer');
    await user.click(await screen.findByRole('button', { name: /mert/ }));
    await user.click(screen.getByRole('button', { name: 'Ekle' }));
    expect((await screen.findAllByText('Bu kullanıcı zaten proje ekibinde.')).length).toBeGreaterThan(0);
  });
});
