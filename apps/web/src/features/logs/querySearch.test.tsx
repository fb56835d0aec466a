import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ownerUser, projectFor } from '../../test/fixtures';
import { api, server } from '../../test/server';
import { renderWithProviders } from '../../test/renderWithProviders';
import LogsPage from './LogsPage';
import type { LogEntry } from './types';

const log = (id: string, message: string): LogEntry => ({ _id: id, project_id: 'p1', timestamp: '2026-11-10T12:00:00Z', level: 'ERROR', message, environment: 'production' });

/** Answers the logs list by `q` (as the server would for these two queries) and records every `q` asked. */
function mockApi() {
  const asked: (string | null)[] = [];
  server.use(
    http.get(api('/projects/p1'), () => HttpResponse.json(projectFor('owner'))),
    http.get(api('/projects/p1/logs/fields'), () =>
      HttpResponse.json({
        sampled: 3,
        since: '2026-11-09T12:00:00Z',
        fields: [
          { key: 'metadata.user_id', count: 3, values: [{ value: '42', count: 2 }, { value: '7', count: 1 }] },
          { key: 'tags', count: 2, values: [{ value: 'payments', count: 2 }] },
        ],
      }),
    ),
    http.get(api('/projects/p1/logs/'), ({ request }) => {
      const q = new URL(request.url).searchParams.get('q');
      asked.push(q);
      if (q === 'status:resolved') return HttpResponse.json({ detail: '1. karakterde hata: status: yalnızca hata gruplarında kullanılabilir.', code: 'VALIDATION_FAILED' }, { status: 422 });
      const items = q === 'metadata.user_id:42' ? [log('a', 'kullanıcı 42 ödeme yaptı')] : [log('a', 'kullanıcı 42 ödeme yaptı'), log('b', 'kullanıcı 7 giriş yaptı')];
      return HttpResponse.json({ items, total: items.length, skip: 0, limit: 50, counts: { total: items.length, error: items.length, warning: 0, info: 0 } });
    }),
  );
  return asked;
}

const render = (route = '/projects/p1/logs') => renderWithProviders(<LogsPage />, { route, path: '/projects/:projectId/logs', signedInAs: ownerUser });

describe('the logs search box speaks the query language', { timeout: 20_000 }, () => {
  it('suggests recent custom fields and their values while typing, and runs the query', async () => {
    const asked = mockApi();
    const { user } = render();
    expect(await screen.findByText('kullanıcı 7 giriş yaptı')).toBeInTheDocument();
    const box = screen.getByRole('combobox', { name: 'Ara' });

    await user.type(box, 'meta');
    const names = await screen.findByRole('listbox', { name: 'Sorgu önerileri' });
    expect(within(names).getByRole('option', { name: /metadata\.user_id/ })).toHaveTextContent('3 logda');
    await user.click(within(names).getByRole('option', { name: /metadata\.user_id/ }));
    expect(box).toHaveValue('metadata.user_id:');

    const values = await screen.findByRole('listbox', { name: 'Sorgu önerileri' });
    expect(within(values).getAllByRole('option').map((o) => o.textContent)).toEqual(['422 logda', '71 logda']);
    await user.keyboard('{Enter}'); // takes the first (active) value
    expect(box).toHaveValue('metadata.user_id:42 ');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await user.keyboard('{Enter}'); // no offer open: submits the filters
    await waitFor(() => expect(screen.queryByText('kullanıcı 7 giriş yaptı')).not.toBeInTheDocument());
    expect(screen.getByText('kullanıcı 42 ödeme yaptı')).toBeInTheDocument();
    expect(asked).toContain('metadata.user_id:42');
  });

  it('offers levels with arrow keys and closes the offers on Escape', async () => {
    mockApi();
    const { user } = render();
    const box = await screen.findByRole('combobox', { name: 'Ara' });
    await user.type(box, 'level:>=w');
    expect(await screen.findByRole('option', { name: 'warning' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows where a query is wrong, in Turkish, and does not send it', async () => {
    const asked = mockApi();
    const { user } = render();
    const box = await screen.findByRole('combobox', { name: 'Ara' });
    await waitFor(() => expect(asked).toHaveLength(1));
    await user.type(box, 'ödeme (level:error{Escape}{Enter}');
    expect(await screen.findByText('7. karakterde hata: "(" kapatılmamış; bir ")" ekleyin.')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(asked).toHaveLength(1);
    await user.type(box, '){Enter}');
    await waitFor(() => expect(asked).toContain('ödeme (level:error)'));
    expect(screen.queryByText(/karakterde hata/)).not.toBeInTheDocument();
  });

  it('shows the server’s answer to a query from a link under the box, not as a toast', async () => {
    mockApi();
    render('/projects/p1/logs?q=status:resolved');
    expect(await screen.findByText('1. karakterde hata: status: yalnızca hata gruplarında kullanılabilir.')).toBeInTheDocument();
    expect(screen.queryByText('Loglar yüklenirken bir hata oluştu.')).not.toBeInTheDocument();
  });
});
