import { screen, waitFor, within } from '@testing-library/react';
import type { SavedView } from '@seyir/domain';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../app/App';
import { ownerUser, projectFor, viewerUser } from '../../test/fixtures';
import { api, server } from '../../test/server';
import { renderWithProviders } from '../../test/renderWithProviders';

const view = (id: string, name: string, query: string, columns = ['timestamp', 'level', 'message', 'environment', 'host']): SavedView => ({
  id,
  project_id: 'p1',
  name,
  query,
  columns,
  created_by: 'u-owner',
  created_at: '2026-11-10T12:00:00Z',
  updated_at: '2026-11-10T12:00:00Z',
});

/** A small server: the views list is kept in memory, the logs list answers by `q`. */
function mockApi(role: 'owner' | 'viewer', initial: SavedView[] = []) {
  const views = [...initial];
  const posted: unknown[] = [];
  const asked: (string | null)[] = [];
  const askedFields: (string | null)[] = [];
  const put: unknown[] = [];
  server.use(
    http.get(api('/projects/'), () => HttpResponse.json([projectFor(role)])),
    http.get(api('/projects/p1'), () => HttpResponse.json(projectFor(role))),
    http.get(api('/projects/p1/views'), () => HttpResponse.json(views)),
    http.post(api('/projects/p1/views'), async ({ request }) => {
      const body = (await request.json()) as { name: string; query: string; columns: string[] };
      posted.push(body);
      if (views.some((v) => v.name === body.name)) return HttpResponse.json({ detail: 'Bu projede bu adla bir görünüm zaten var.', code: 'CONFLICT' }, { status: 409 });
      const created = view(`v${views.length + 1}`, body.name, body.query, body.columns);
      views.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.put(api('/projects/p1/views/:viewId'), async ({ request, params }) => {
      const body = (await request.json()) as { name: string; query: string; columns: string[] };
      put.push(body);
      const index = views.findIndex((v) => v.id === params.viewId);
      views[index] = { ...views[index]!, ...body };
      return HttpResponse.json(views[index]);
    }),
    http.get(api('/projects/p1/logs/fields'), () =>
      HttpResponse.json({ sampled: 2, since: '2026-11-10T00:00:00Z', fields: [{ key: 'metadata.user_id', count: 2, values: [{ value: '42', count: 1 }] }] }),
    ),
    http.delete(api('/projects/p1/views/:viewId'), ({ params }) => {
      views.splice(views.findIndex((v) => v.id === params.viewId), 1);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(api('/projects/p1/logs/'), ({ request }) => {
      const q = new URL(request.url).searchParams.get('q');
      const fields = new URL(request.url).searchParams.get('fields');
      asked.push(q);
      askedFields.push(fields);
      const values = (v: Record<string, unknown>) => (fields ? { fields: Object.fromEntries(fields.split(',').map((k) => [k, v[k] ?? null])) } : {});
      const all = [
        { _id: 'a', project_id: 'p1', timestamp: '2026-11-10T12:00:00Z', level: 'ERROR', message: 'ödeme reddedildi', environment: 'production', host: 'web-1', tags: ['payments'], ...values({ 'metadata.user_id': 42, logger: 'shop.pay' }) },
        { _id: 'b', project_id: 'p1', timestamp: '2026-11-10T11:00:00Z', level: 'INFO', message: 'sepet güncellendi', environment: 'production', host: 'web-2', tags: [], ...values({ logger: 'shop.cart' }) },
      ];
      const items = q === 'tags:payments' ? all.slice(0, 1) : all;
      return HttpResponse.json({ items, total: items.length, skip: 0, limit: 50, counts: { total: items.length, error: 1, warning: 0, info: 0 } });
    }),
  );
  return { views, posted, asked, askedFields, put };
}

describe('saved views', { timeout: 20_000 }, () => {
  it('saves the current query with chosen columns, then lists it in the sidebar under the project', async () => {
    const { posted } = mockApi('owner');
    const { user } = renderWithProviders(<AppRoutes />, { route: '/projects/p1/logs?q=tags%3Apayments', signedInAs: ownerUser });
    expect(await screen.findByText('ödeme reddedildi')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Görünüm olarak kaydet' }));
    await user.type(screen.getByLabelText('Görünüm adı'), 'Ödeme hataları');
    await user.click(screen.getByLabelText('Host'));
    await user.click(screen.getByLabelText('Etiketler'));
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(posted).toEqual([{ name: 'Ödeme hataları', query: 'tags:payments', columns: ['timestamp', 'level', 'message', 'environment', 'tags'] }]));
    expect(await screen.findByText('"Ödeme hataları" görünümü kaydedildi.')).toBeInTheDocument();
    expect(await screen.findByText('Görünüm: Ödeme hataları')).toBeInTheDocument();
    const sidebarViews = await screen.findByRole('list', { name: 'Görünümler' });
    expect(within(sidebarViews).getByRole('link', { name: 'Ödeme hataları' })).toHaveAttribute('aria-current', 'page');
    // The view's columns: tags shown, host not.
    expect(screen.getByRole('columnheader', { name: 'Etiketler' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Host' })).not.toBeInTheDocument();
  });

  it('saves a custom-field column; the table asks for it and shows each log’s value, in the view’s order', async () => {
    const { posted, askedFields } = mockApi('owner');
    const { user } = renderWithProviders(<AppRoutes />, { route: '/projects/p1/logs', signedInAs: ownerUser });
    expect(await screen.findByText('sepet güncellendi')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Görünüm olarak kaydet' }));
    await user.type(screen.getByLabelText('Görünüm adı'), 'Kullanıcılar');
    const custom = screen.getByLabelText('Özel alan');
    await user.type(custom, 'metadata.user id');
    await user.click(screen.getByRole('button', { name: 'Sütun ekle' }));
    expect(await screen.findByText(/Özel alan metadata, context, request, response ya da exception ile başlamalı/)).toBeInTheDocument();
    expect(custom).toHaveAttribute('aria-invalid', 'true');
    await user.clear(custom);
    await user.type(custom, 'metadata.user_id{Enter}');
    expect(screen.getByRole('list', { name: 'Özel alan sütunları' })).toHaveTextContent('metadata.user_id');
    await user.click(screen.getByLabelText('Logger'));
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(posted).toEqual([{ name: 'Kullanıcılar', query: '', columns: ['timestamp', 'level', 'message', 'environment', 'host', 'logger', 'metadata.user_id'] }]));
    expect(await screen.findByRole('columnheader', { name: 'metadata.user_id' })).toBeInTheDocument();
    await waitFor(() => expect(askedFields).toContain('logger,metadata.user_id'));
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Zaman', 'Seviye', 'Mesaj', 'Ortam', 'Host', 'Logger', 'metadata.user_id']);
    const extraCells = (row: number) => within(screen.getAllByTestId('log-row')[row]!).getAllByRole('cell').map((c) => c.textContent).slice(5);
    await waitFor(() => expect(extraCells(0)).toEqual(['shop.pay', '42']));
    expect(extraCells(1)).toEqual(['shop.cart', '—']);
  });

  it('an editor changes the open view’s columns: the custom one removed, tags added', async () => {
    const { put } = mockApi('owner', [view('v1', 'Kullanıcılar', '', ['timestamp', 'level', 'message', 'metadata.user_id'])]);
    const { user } = renderWithProviders(<AppRoutes />, { route: '/projects/p1/logs?view=v1', signedInAs: ownerUser });
    expect(await screen.findByRole('columnheader', { name: 'metadata.user_id' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Görünümü düzenle' }));
    expect(screen.getByRole('form', { name: '"Kullanıcılar" görünümünü düzenle' })).toBeInTheDocument();
    expect(screen.getByLabelText('Görünüm adı')).toHaveValue('Kullanıcılar');
    await user.click(screen.getByRole('button', { name: 'metadata.user_id sütununu kaldır' }));
    await user.click(screen.getByLabelText('Etiketler'));
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(put).toEqual([{ name: 'Kullanıcılar', query: '', columns: ['timestamp', 'level', 'message', 'tags'] }]));
    expect(await screen.findByRole('columnheader', { name: 'Etiketler' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'metadata.user_id' })).not.toBeInTheDocument();
  });

  it('shows the server’s Turkish reason when a name is taken', async () => {
    mockApi('owner', [view('v1', 'Kritik', 'level:critical')]);
    const { user } = renderWithProviders(<AppRoutes />, { route: '/projects/p1/logs', signedInAs: ownerUser });
    await user.click(await screen.findByRole('button', { name: 'Görünüm olarak kaydet' }));
    await user.type(screen.getByLabelText('Görünüm adı'), 'Kritik');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText('Bu projede bu adla bir görünüm zaten var.')).toBeInTheDocument();
  });

  it('opening a view from the sidebar applies its query; a viewer cannot save or delete', async () => {
    const { asked } = mockApi('viewer', [view('v1', 'Ödemeler', 'tags:payments')]);
    const { user } = renderWithProviders(<AppRoutes />, { route: '/projects/p1/logs', signedInAs: viewerUser });
    expect(await screen.findByText('sepet güncellendi')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Görünüm olarak kaydet' })).not.toBeInTheDocument();
    await user.click(within(await screen.findByRole('list', { name: 'Görünümler' })).getByRole('link', { name: 'Ödemeler' }));
    await waitFor(() => expect(screen.queryByText('sepet güncellendi')).not.toBeInTheDocument());
    expect(screen.getByText('ödeme reddedildi')).toBeInTheDocument();
    expect(asked).toContain('tags:payments');
    expect(screen.getByRole('combobox', { name: 'Ara' })).toHaveValue('tags:payments');
    expect(screen.getByText('Görünüm: Ödemeler')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Görünümü sil' })).not.toBeInTheDocument();
  });

  it('an editor deletes the open view: it leaves the sidebar and the list keeps its query', async () => {
    mockApi('owner', [view('v1', 'Ödemeler', 'tags:payments')]);
    const { user } = renderWithProviders(<AppRoutes />, { route: '/projects/p1/logs?q=tags%3Apayments&view=v1', signedInAs: ownerUser });
    await user.click(await screen.findByRole('button', { name: 'Görünümü sil' }));
    expect(await screen.findByText('"Ödemeler" görünümü silindi.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Görünümler' })).not.toBeInTheDocument());
    expect(screen.getByRole('combobox', { name: 'Ara' })).toHaveValue('tags:payments');
  });
});
