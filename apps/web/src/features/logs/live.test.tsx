import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ownerUser, projectFor } from '../../test/fixtures';
import { api, server } from '../../test/server';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ConnectionIndicator } from '../shell/AppLayout';
import { applyLiveLogs, applyNewLog, isLiveView } from './applyNewLog';
import LogsPage from './LogsPage';
import type { LogEntry, LogsPage as Page, LogsQueryArgs } from './types';

const base: LogsQueryArgs = { projectId: 'p1', skip: 0, limit: 3 };

function log(id: string, over: Partial<LogEntry> = {}): LogEntry {
  return { _id: id, project_id: 'p1', timestamp: '2025-03-10T12:00:00Z', level: 'ERROR', message: `mesaj ${id}`, environment: 'production', ...over };
}

function page(items: LogEntry[], total = items.length): Page {
  return { items, total, skip: 0, limit: 3, pending: 0, counts: { total, error: total, warning: 0, info: 0 } };
}

describe('applyNewLog', () => {
  it('puts a new log on top of the first unfiltered page, keeping the page size', () => {
    const p = page([log('a'), log('b'), log('c')], 10);
    applyNewLog(p, log('n'), base);
    expect(p.items.map((l) => l._id)).toEqual(['n', 'a', 'b']);
    expect(p.total).toBe(11);
    expect(p.pending).toBe(0);
    expect(p.counts).toEqual({ total: 11, error: 11, warning: 0, info: 0 });
  });

  it('applies a whole frame at once: newest on top, skipped ones counted', () => {
    const p = page([log('a')], 1);
    applyLiveLogs(p, { logs: [log('x', { level: 'INFO' }), log('y', { level: 'WARNING' }), log('a')], skipped: 5 }, base);
    expect(p.items.map((l) => l._id)).toEqual(['y', 'x', 'a']);
    expect(p.total).toBe(8);
    expect(p.counts).toEqual({ total: 8, error: 1, warning: 1, info: 1 });
  });

  it('ignores a log it already shows', () => {
    const p = page([log('a')]);
    applyNewLog(p, log('a'), base);
    expect(p.items).toHaveLength(1);
  });

  it('counts matching logs instead when paged or filtered', () => {
    expect(isLiveView({ ...base, skip: 50 })).toBe(false);
    const paged = page([log('a')]);
    applyNewLog(paged, log('n'), { ...base, skip: 50 });
    expect(paged.items).toHaveLength(1);
    expect(paged.pending).toBe(1);
    const filtered = page([log('a')]);
    applyNewLog(filtered, log('n', { level: 'info' }), { ...base, level: 'ERROR' });
    applyNewLog(filtered, log('m', { level: 'error' }), { ...base, level: 'ERROR' });
    applyNewLog(filtered, log('o', { environment: 'staging' }), { ...base, environment: 'production' });
    expect(filtered.pending).toBe(1);
    expect(filtered.counts!.total).toBe(2);
    applyLiveLogs(filtered, { logs: [], skipped: 9 }, { ...base, level: 'ERROR' });
    expect(filtered.pending).toBe(1);
  });
});

describe('LogsPage live updates', () => {
  function mockApi(items: LogEntry[]) {
    server.use(
      http.get(api('/projects/p1'), () => HttpResponse.json(projectFor('owner'))),
      http.get(api('/projects/p1/logs/'), ({ request }) => {
        const url = new URL(request.url);
        const level = url.searchParams.get('level');
        const list = level ? items.filter((l) => l.level === level) : items;
        return HttpResponse.json({ items: list, total: list.length, skip: 0, limit: 50, counts: { total: level ? list.length : 1234, error: 2, warning: 0, info: 5 } });
      }),
    );
  }

  it('shows pushed logs at the top without a reload and ticks the count cards', async () => {
    mockApi([log('a', { message: 'ilk log' })]);
    const { live } = renderWithProviders(<LogsPage />, { route: '/projects/p1/logs', path: '/projects/:projectId/logs', signedInAs: ownerUser });
    expect(await screen.findByText('ilk log')).toBeInTheDocument();
    expect(await screen.findByText('1.234')).toBeInTheDocument();
    expect(live.joined.has('p1')).toBe(true);
    act(() => live.emit('log:new', log('z', { message: 'canlı gelen log', level: 'INFO' })));
    await waitFor(() => expect(screen.getAllByTestId('log-row')).toHaveLength(2));
    expect(within(screen.getAllByTestId('log-row')[0]!).getByText('canlı gelen log')).toBeInTheDocument();
    expect(screen.getByText('1.235')).toBeInTheDocument();
    expect(screen.getByText('6')).toBeInTheDocument();
    act(() => live.frame({ project_id: 'p1', logs: [log('f1', { message: 'toplu 1' }), log('f2', { message: 'toplu 2' })], skipped: 10 }));
    await waitFor(() => expect(screen.getAllByTestId('log-row')).toHaveLength(4));
    expect(within(screen.getAllByTestId('log-row')[0]!).getByText('toplu 2')).toBeInTheDocument();
    expect(screen.getByText('1.247')).toBeInTheDocument();
    expect(screen.getByText('4')).toBeInTheDocument();
    act(() => live.emit('log:new', log('other', { project_id: 'p2', message: 'başka proje' })));
    expect(screen.queryByText('başka proje')).not.toBeInTheDocument();
  });

  it("offers 'N yeni log' on a filtered view and loads them on request", async () => {
    const items = [log('a', { message: 'eski hata' })];
    mockApi(items);
    const { live, user } = renderWithProviders(<LogsPage />, { route: '/projects/p1/logs?level=ERROR', path: '/projects/:projectId/logs', signedInAs: ownerUser });
    expect(await screen.findByText('eski hata')).toBeInTheDocument();
    items.unshift(log('b', { message: 'yeni hata' }), log('c', { message: 'bir yeni hata daha' }));
    act(() => {
      live.emit('log:new', items[0]!);
      live.emit('log:new', items[1]!);
    });
    expect(await screen.findByText('2 yeni log')).toBeInTheDocument();
    expect(screen.queryByText('yeni hata')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Göster' }));
    expect(await screen.findByText('yeni hata')).toBeInTheDocument();
    expect(screen.queryByText('2 yeni log')).not.toBeInTheDocument();
  });

  it('applies filters with Enter, resets paging and clears them', async () => {
    mockApi([log('a', { message: 'hata logu' }), log('b', { level: 'INFO', message: 'bilgi logu' })]);
    const { user } = renderWithProviders(<LogsPage />, { route: '/projects/p1/logs?skip=50', path: '/projects/:projectId/logs', signedInAs: ownerUser });
    await user.selectOptions(await screen.findByLabelText('Seviye'), 'INFO');
    await user.type(screen.getByLabelText('Ara'), 'bilgi{Enter}');
    await waitFor(() => expect(screen.queryByText('hata logu')).not.toBeInTheDocument());
    expect(screen.getByText('bilgi logu')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Temizle' }));
    expect(await screen.findByText('hata logu')).toBeInTheDocument();
    expect(screen.getByLabelText('Seviye')).toHaveValue('');
  });

  it('shows when live updates pause', async () => {
    mockApi([]);
    const { live } = renderWithProviders(
      <>
        <ConnectionIndicator />
        <LogsPage />
      </>,
      { route: '/projects/p1/logs', path: '/projects/:projectId/logs', signedInAs: ownerUser },
    );
    expect(await screen.findByText('Canlı')).toBeInTheDocument();
    act(() => live.disconnect());
    expect(await screen.findByText('Canlı güncellemeler duraklatıldı')).toBeInTheDocument();
  });
});
