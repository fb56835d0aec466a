import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ownerUser, projectFor } from '../../test/fixtures';
import { api, server } from '../../test/server';
import { renderWithProviders } from '../../test/renderWithProviders';
import GroupsPage from './GroupsPage';
import type { LogGroup } from './types';

const group = (id: string, sample_message: string): LogGroup => ({
  _id: id,
  sample_message,
  level: 'ERROR',
  environment: 'production',
  count: 3,
  last_seen: '2026-11-10T12:00:00Z',
  first_seen: '2026-11-09T12:00:00Z',
  status: 'unresolved',
});

/** Answers the groups list by `q` and records every `q` asked. */
function mockApi() {
  const asked: (string | null)[] = [];
  server.use(
    http.get(api('/projects/p1'), () => HttpResponse.json(projectFor('owner'))),
    http.get(api('/projects/p1/logs/fields'), () =>
      HttpResponse.json({ sampled: 2, since: '2026-11-09T12:00:00Z', fields: [{ key: 'metadata.user_id', count: 2, values: [{ value: '42', count: 2 }] }, { key: 'tags', count: 2, values: [{ value: 'payments', count: 2 }] }] }),
    ),
    http.get(api('/projects/p1/groups/summary'), () => HttpResponse.json({ summary: { total_groups: 2, active_groups: 1, error_groups: 2, total_logs: 6 } })),
    http.get(api('/projects/p1/groups'), ({ request }) => {
      const q = new URL(request.url).searchParams.get('q');
      asked.push(q);
      if (q === 'tags:nope') return HttpResponse.json({ detail: '1. karakterde hata: sunucu reddetti.', code: 'VALIDATION_FAILED' }, { status: 422 });
      const items = q === 'status:unresolved' ? [group('g1', 'ödeme alınamadı')] : [group('g1', 'ödeme alınamadı'), group('g2', 'stok bitti')];
      return HttpResponse.json({ items, total: items.length, pagination: { skip: 0, limit: 20, has_more: false } });
    }),
  );
  return asked;
}

const render = (route = '/projects/p1/groups') => renderWithProviders(<GroupsPage />, { route, path: '/projects/:projectId/groups', signedInAs: ownerUser });

describe('the groups search box speaks the query language', { timeout: 20_000 }, () => {
  it('offers status and its values (no custom fields), and runs status:unresolved', async () => {
    const asked = mockApi();
    const { user } = render();
    expect(await screen.findByText('stok bitti')).toBeInTheDocument();
    const box = screen.getByRole('combobox', { name: 'Ara' });
    expect(box).toHaveAttribute('placeholder', 'ör. ödeme level:error status:unresolved tags:payments');

    await user.type(box, 'meta');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.clear(box);
    await user.type(box, 'st');
    await user.click(within(await screen.findByRole('listbox', { name: 'Sorgu önerileri' })).getByRole('option', { name: 'status' }));
    const values = await screen.findByRole('listbox', { name: 'Sorgu önerileri' });
    expect(within(values).getAllByRole('option').map((o) => o.textContent)).toEqual(['unresolved', 'resolved', 'ignored']);
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('status:unresolved ');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByText('stok bitti')).not.toBeInTheDocument());
    expect(screen.getByText('ödeme alınamadı')).toBeInTheDocument();
    expect(asked).toContain('status:unresolved');
  });

  it('shows where a query is wrong, in Turkish, and does not send it; a server refusal shows under the box', async () => {
    const asked = mockApi();
    const { user } = render('/projects/p1/groups?q=tags%3Anope');
    const box = await screen.findByRole('combobox', { name: 'Ara' });
    expect(box).toHaveValue('tags:nope');
    expect(await screen.findByText('1. karakterde hata: sunucu reddetti.')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');

    await user.clear(box);
    await user.type(box, 'ödeme host:web-1{Escape}{Enter}');
    expect(await screen.findByText('7. karakterde hata: "host" alanı hata gruplarında kullanılamaz; loglar ekranında arayın.')).toBeInTheDocument();
    expect(asked).not.toContain('ödeme host:web-1');
    expect(screen.queryByText('Log grupları yüklenirken bir hata oluştu.')).not.toBeInTheDocument();
  });
});
