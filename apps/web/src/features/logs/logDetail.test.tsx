import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ownerUser } from '../../test/fixtures';
import { api, server } from '../../test/server';
import { renderWithProviders } from '../../test/renderWithProviders';
import LogDetailPage from './LogDetailPage';
import type { LogEntry } from './types';

const base: LogEntry = {
  _id: 'l1',
  project_id: 'p1',
  timestamp: '2025-03-10T12:00:00Z',
  level: 'ERROR',
  message: 'ZeroDivisionError: division by zero',
  environment: 'production',
  host: 'web-1',
  tags: ['odeme'],
  metadata: { request_id: 'r-1' },
  context: { order_id: 42 },
  exception: { type: 'ZeroDivisionError', value: 'division by zero', traceback: 'Traceback (most recent call last):\n  File "app.py", line 1' },
};

function renderLog(log: LogEntry | null) {
  server.use(
    http.get(api('/projects/p1/logs/l1'), () => (log ? HttpResponse.json(log) : HttpResponse.json({ detail: 'Aradığınız kayıt bulunamadı.', code: 'NOT_FOUND' }, { status: 404 }))),
  );
  return renderWithProviders(<LogDetailPage />, { route: '/projects/p1/logs/l1', path: '/projects/:projectId/logs/:logId', signedInAs: ownerUser });
}

describe('LogDetailPage', () => {
  it('shows badges, message and three tabs when the log has no request', async () => {
    const { user } = renderLog(base);
    expect(await screen.findByRole('heading', { name: 'ZeroDivisionError: division by zero' })).toBeInTheDocument();
    expect(screen.getAllByText('Hata').length).toBeGreaterThan(0);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Genel Bilgiler', 'Hata Bilgisi', 'Bağlam']);
    expect(screen.getByText('web-1')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Hata Bilgisi' }));
    expect(screen.getByText('division by zero')).toBeInTheDocument();
    expect(screen.getByText(/Traceback \(most recent call last\)/)).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Bağlam' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText(/"order_id": 42/)).toBeInTheDocument();
  });

  it('adds the HTTP tab when there is a request, and copies the log as JSON', async () => {
    const { user } = renderLog({ ...base, request: { method: 'POST', url: '/odeme' }, response: { status_code: 500, reason_phrase: 'Internal Server Error', error_details: { django_traceback: 'Django tb' } } });
    await user.click(await screen.findByRole('tab', { name: 'HTTP İstek/Yanıt' }));
    expect(screen.getByText(/"url": "\/odeme"/)).toBeInTheDocument();
    expect(screen.getByText('Internal Server Error')).toBeInTheDocument();
    expect(screen.getByText('Django tb')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'JSON Olarak Kopyala' }));
    expect(JSON.parse(await navigator.clipboard.readText())._id).toBe('l1');
    expect(await screen.findByText('Kopyalandı!')).toBeInTheDocument();
  });

  it('reports a failed load and returns to the logs list', async () => {
    renderLog(null);
    expect(await screen.findByText('Log detayları yüklenirken bir hata oluştu.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/projects/p1/logs');
  });
});
