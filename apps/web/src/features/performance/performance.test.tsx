import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ownerUser, projectFor } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { api, server } from '../../test/server';
import PerformancePage from './PerformancePage';
import PerformanceRoutePage from './PerformanceRoutePage';

const trend = { throughput_change: 12.5, p95_change: -3, error_rate_change: 0 };
const summary = {
  days: 1,
  environment: null,
  requests: 14_400,
  throughput_per_min: 10,
  errors: 144,
  error_rate: 0.01,
  p50_ms: 42.1,
  p95_ms: 180.4,
  p99_ms: 1534,
  apdex: 0.93,
  apdex_t_ms: 500,
  routes: 2,
  trend,
  percentile_error_bound: 0.01,
};
const route = (over: Record<string, unknown>) => ({
  id: '7',
  method: 'GET',
  route: '/orders/{id}',
  requests: 12_000,
  throughput_per_min: 8.33,
  errors: 24,
  error_rate: 0.002,
  p50_ms: 40,
  p95_ms: 150.25,
  p99_ms: 900,
  trend,
  ...over,
});

function renderAt(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/projects/:projectId/performance" element={<PerformancePage />} />
      <Route path="/projects/:projectId/performance/routes/:routeId" element={<PerformanceRoutePage />} />
    </Routes>,
    { route: path, signedInAs: ownerUser },
  );
}

describe('Performans screen', () => {
  it('shows the summary cards and the routes with their figures, and asks again with the chosen filters', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get(api('/projects/p1'), () => HttpResponse.json(projectFor('owner'))),
      http.get(api('/projects/p1/performance/summary'), ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json(summary);
      }),
      http.get(api('/projects/p1/performance/routes'), () =>
        HttpResponse.json({
          days: 1,
          environment: null,
          percentile_error_bound: 0.01,
          items: [route({}), route({ id: '8', method: 'POST', route: '/checkout', requests: 2400, error_rate: 0.05, p95_ms: 2100, trend: { ...trend, p95_change: null } })],
        }),
      ),
    );
    renderAt('/projects/p1/performance');
    expect(await screen.findByRole('heading', { name: 'Performans' })).toBeInTheDocument();
    expect(await screen.findByText('0,93')).toBeInTheDocument();
    expect(screen.getByText('180,4 ms')).toBeInTheDocument();
    expect(screen.getByText('%1')).toBeInTheDocument();
    expect(screen.getByText('T = 500 ms')).toBeInTheDocument();

    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByRole('link')).toHaveAttribute('href', '/projects/p1/performance/routes/7');
    expect(within(rows[1]!).getByText('12.000')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('150,3 ms')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('-%3')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('2,1 sn')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('%5')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Dönem'), '7');
    await userEvent.selectOptions(screen.getByLabelText('Apdex eşiği (ms)'), '1000');
    await screen.findByText('T = 500 ms');
    const last = asked[asked.length - 1]!;
    expect([last.get('days'), last.get('apdex_t')]).toEqual(['7', '1000']);
  });

  it('says so when no timing record arrived yet', async () => {
    server.use(
      http.get(api('/projects/p1'), () => HttpResponse.json(projectFor('viewer'))),
      http.get(api('/projects/p1/performance/summary'), () => HttpResponse.json({ ...summary, requests: 0, p95_ms: null, apdex: null })),
      http.get(api('/projects/p1/performance/routes'), () => HttpResponse.json({ days: 1, environment: null, percentile_error_bound: 0.01, items: [] })),
    );
    renderAt('/projects/p1/performance');
    expect(await screen.findByText(/Bu dönemde zamanlama kaydı yok/)).toBeInTheDocument();
  });

  it('shows a route with its latency figures and its slowest requests linking to their logs', async () => {
    server.use(
      http.get(api('/projects/p1/performance/routes/8'), () =>
        HttpResponse.json({
          route: { id: '8', method: 'POST', route: '/checkout' },
          days: 1,
          environment: null,
          figures: { requests: 2400, throughput_per_min: 1.67, errors: 120, error_rate: 0.05, p50_ms: 300, p95_ms: 2100, p99_ms: 4800 },
          step_seconds: 3600,
          series: [
            { t: '2025-03-10T10:00:00.000Z', requests: 100, errors: 5, p50_ms: 290, p95_ms: 2000, p99_ms: 4700 },
            { t: '2025-03-10T11:00:00.000Z', requests: 0, errors: 0, p50_ms: null, p95_ms: null, p99_ms: null },
          ],
          slowest: [
            { timestamp: '2025-03-10T10:15:00.000Z', environment: 'production', status: 500, duration_ms: 5012.5, request_id: 'req-9', release: '1.0', host: 'web-1', kind: 'error', request: { url: 'https://x/checkout' }, response: { status_code: 500 }, logs_url: '/projects/p1/logs?q=context.request_id%3A%22req-9%22' },
            { timestamp: '2025-03-10T10:20:00.000Z', environment: 'production', status: 200, duration_ms: 1200, request_id: null, release: '', host: '', kind: 'slowest', request: null, response: null, logs_url: null },
          ],
          percentile_error_bound: 0.01,
        }),
      ),
    );
    renderAt('/projects/p1/performance/routes/8');
    expect(await screen.findByRole('heading', { name: 'POST /checkout' })).toBeInTheDocument();
    expect(screen.getByText('4,8 sn')).toBeInTheDocument();
    const slowest = screen.getByRole('region', { name: 'En yavaş istekler' });
    expect(within(slowest).getByText('5,01 sn')).toBeInTheDocument();
    expect(within(slowest).getByText('Hata')).toBeInTheDocument();
    expect(within(slowest).getByRole('link', { name: 'Logları gör' })).toHaveAttribute('href', '/projects/p1/logs?q=context.request_id%3A%22req-9%22');
    // The chart's numbers as a table: only steps with requests.
    const latency = screen.getByRole('region', { name: 'Gecikme (p50 / p95 / p99, ms)' });
    expect(within(latency).getByText('2 sn')).toBeInTheDocument();
  });
});
