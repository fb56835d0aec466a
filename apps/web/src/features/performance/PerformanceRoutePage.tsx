import type { PerfRequestItem, PerfSeriesPoint } from '@seyir/domain';
import { useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { TimeSeriesChart } from '../../components/charts/TimeSeriesChart';
import { Alert, Badge, Card, PageHeader, PageSpinner, StatCard } from '../../components/ui';
import { formatDateTime } from '../../lib/dates';
import { PERFORMANCE as M } from '../../messages/app';
import { formatMs, formatPerMin, formatRate } from './format';
import { PERFORMANCE_POLL_MS, useGetPerfRouteQuery } from './performanceApi';
import { TableHead } from './TableHead';

const LATENCY_COLORS = { p50: '#0ea5e9', p95: '#f59e0b', p99: '#dc2626' } as const;

/** p50/p95/p99 over time (uPlot), with the same numbers as a table for assistive technology. */
export function LatencyChart({ series }: { series: PerfSeriesPoint[] }) {
  const { times, lines } = useMemo(
    () => ({
      times: series.map((p) => new Date(p.t)),
      lines: (['p50', 'p95', 'p99'] as const).map((q) => ({ label: q, color: LATENCY_COLORS[q], values: series.map((p) => p[`${q}_ms`] ?? 0) })),
    }),
    [series],
  );
  return (
    <>
      <TimeSeriesChart times={times} series={lines} stacked={false} />
      <table className="sr-only">
        <caption>{M.latencyTitle}</caption>
        <thead>
          <tr>
            <th scope="col">{M.colTime}</th>
            <th scope="col">p50</th>
            <th scope="col">p95</th>
            <th scope="col">p99</th>
          </tr>
        </thead>
        <tbody>
          {series
            .filter((p) => p.requests > 0)
            .map((p) => (
              <tr key={p.t}>
                <th scope="row">{formatDateTime(p.t)}</th>
                <td>{formatMs(p.p50_ms)}</td>
                <td>{formatMs(p.p95_ms)}</td>
                <td>{formatMs(p.p99_ms)}</td>
              </tr>
            ))}
        </tbody>
      </table>
    </>
  );
}

/** The slowest kept requests of a route, each with a link to its logs. */
export function SlowestRequests({ items }: { items: PerfRequestItem[] }) {
  if (items.length === 0) return <p className="text-sm text-slate-500 dark:text-slate-400">{M.noSlow}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-sm">
        <TableHead
          columns={[{ label: M.colTime }, { label: M.colDuration, numeric: true }, { label: M.colStatus }, { label: M.colKind }, { label: M.environment }, { label: M.colLogs }]}
        />
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {items.map((r, i) => (
            <tr key={`${r.timestamp}-${i}`}>
              <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(r.timestamp)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatMs(r.duration_ms)}</td>
              <td className={`px-3 py-2 tabular-nums ${r.status >= 500 ? 'text-red-700 dark:text-red-400' : ''}`}>{r.status}</td>
              <td className="px-3 py-2">
                <Badge>{M.kinds[r.kind] ?? r.kind}</Badge>
              </td>
              <td className="px-3 py-2">{r.environment}</td>
              <td className="px-3 py-2">
                {r.logs_url ? (
                  <Link to={r.logs_url} className="text-indigo-700 hover:underline dark:text-indigo-300">
                    {M.viewLogs}
                  </Link>
                ) : (
                  '—'
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One route: its cards, the latency chart and its slowest requests. */
export default function PerformanceRoutePage() {
  const { projectId = '', routeId = '' } = useParams();
  const [params] = useSearchParams();
  const environment = params.get('environment') ?? '';
  const days = Number(params.get('days')) || 1;
  const { data, isLoading, isError } = useGetPerfRouteQuery({ projectId, routeId, environment, days }, { pollingInterval: PERFORMANCE_POLL_MS });
  const back = (
    <Link to={`/projects/${projectId}/performance${params.toString() ? `?${params.toString()}` : ''}`} className="text-sm text-indigo-700 hover:underline dark:text-indigo-300">
      ← {M.back}
    </Link>
  );
  if (isLoading) return <PageSpinner />;
  if (isError || !data)
    return (
      <div className="space-y-4">
        {back}
        <Alert tone="error">{M.routeNotFound}</Alert>
      </div>
    );
  const f = data.figures;
  return (
    <div className="space-y-6">
      {back}
      <PageHeader title={`${data.route.method} ${data.route.route}`} subtitle={M.periods[days] ?? ''} />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label={M.requestsPerMin} value={formatPerMin(f.throughput_per_min)} />
        <StatCard label={M.errorRate} value={formatRate(f.error_rate)} tone="red" />
        <StatCard label={M.p95} value={formatMs(f.p95_ms)} tone="amber" />
        <StatCard label={M.colP99} value={formatMs(f.p99_ms)} tone="indigo" />
      </div>
      <Card as="section" aria-labelledby="perf-latency-title" className="min-w-0">
        <h2 id="perf-latency-title" className="mb-3 font-semibold text-slate-900 dark:text-white">
          {M.latencyTitle}
        </h2>
        <LatencyChart series={data.series} />
      </Card>
      <Card as="section" aria-labelledby="perf-slowest-title">
        <h2 id="perf-slowest-title" className="mb-3 font-semibold text-slate-900 dark:text-white">
          {M.slowestTitle}
        </h2>
        <SlowestRequests items={data.slowest} />
      </Card>
    </div>
  );
}
