import type { PerfRouteItem, PerfSummary } from '@seyir/domain';
import { formatNumberTr } from '@seyir/domain';
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { Card, EmptyState, PageHeader, PageSpinner, SelectField, StatCard } from '../../components/ui';
import { PERFORMANCE as M } from '../../messages/app';
import { useGetProjectQuery } from '../projects/projectsApi';
import { toastError } from '../toasts/toastSlice';
import { formatChange, formatMs, formatPerMin, formatRate } from './format';
import { PERFORMANCE_POLL_MS, useGetPerfRoutesQuery, useGetPerfSummaryQuery } from './performanceApi';
import { TableHead } from './TableHead';

export const PERIOD_DAYS = [1, 7, 30] as const;
const SORTS = ['throughput', 'error_rate', 'p95', 'p99', 'p50', 'route'] as const;
const APDEX_TS = [100, 250, 500, 1000, 2000];

/** The four cards: requests/min, error rate, p95 and Apdex, each with its trend. */
export function SummaryCards({ summary }: { summary: PerfSummary | undefined }) {
  const note = (change: number | null | undefined) => (change === null || change === undefined ? undefined : M.changeNote(formatChange(change)));
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard label={M.requestsPerMin} value={summary ? formatPerMin(summary.throughput_per_min) : '—'} note={note(summary?.trend.throughput_change)} />
      <StatCard label={M.errorRate} value={summary ? formatRate(summary.error_rate) : '—'} note={note(summary?.trend.error_rate_change)} tone="red" />
      <StatCard label={M.p95} value={formatMs(summary?.p95_ms)} note={note(summary?.trend.p95_change)} tone="amber" />
      <StatCard
        label={M.apdex}
        value={summary?.apdex === null || summary?.apdex === undefined ? '—' : summary.apdex.toLocaleString('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}
        note={summary ? M.apdexNote(summary.apdex_t_ms) : undefined}
        tone="sky"
      />
    </div>
  );
}

/** Routes with their figures; each route links to its detail. */
export function RoutesTable({ projectId, items, search }: { projectId: string; items: PerfRouteItem[]; search: string }) {
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-sm">
        <TableHead
          columns={[
            { label: M.colRoute },
            ...[M.colRequests, M.colThroughput, M.colErrorRate, M.colP50, M.colP95, M.colP99, M.colTrend].map((label) => ({ label, numeric: true })),
          ]}
        />
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {items.map((r) => (
            <tr key={r.id}>
              <td className="px-3 py-2">
                <Link to={`/projects/${projectId}/performance/routes/${r.id}${search}`} className="font-mono text-indigo-700 hover:underline dark:text-indigo-300">
                  <span className="mr-2 font-semibold">{r.method}</span>
                  {r.route}
                </Link>
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{formatNumberTr(r.requests)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatPerMin(r.throughput_per_min)}</td>
              <td className={`px-3 py-2 text-right tabular-nums ${r.error_rate > 0.01 ? 'text-red-700 dark:text-red-400' : ''}`}>{formatRate(r.error_rate)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatMs(r.p50_ms)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatMs(r.p95_ms)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatMs(r.p99_ms)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatChange(r.trend.p95_change)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The 'Performans' screen of a project: summary cards and the routes table, refreshed every 30 s. */
export default function PerformancePage() {
  const { projectId = '' } = useParams();
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const environment = params.get('environment') ?? '';
  const days = Number(params.get('days')) || 1;
  const sort = params.get('sort') ?? 'throughput';
  const [apdexT, setApdexT] = useState(500);
  const { data: project } = useGetProjectQuery(projectId);
  const scope = { projectId, environment, days };
  const summary = useGetPerfSummaryQuery({ ...scope, apdex_t: apdexT }, { pollingInterval: PERFORMANCE_POLL_MS });
  const routes = useGetPerfRoutesQuery({ ...scope, sort }, { pollingInterval: PERFORMANCE_POLL_MS });

  useEffect(() => {
    if (summary.isError || routes.isError) dispatch(toastError(M.loadFailed));
  }, [summary.isError, routes.isError, dispatch]);

  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next);
  };
  const detailSearch = params.toString() ? `?${new URLSearchParams({ ...(environment ? { environment } : {}), days: String(days) }).toString()}` : '';

  return (
    <div className="space-y-6">
      <PageHeader title={M.title} subtitle={M.subtitle} />
      <Card>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <SelectField label={M.environment} value={environment} onChange={(e) => set('environment', e.target.value)}>
            <option value="">{M.allEnvironments}</option>
            {(project?.environments ?? []).map((env) => (
              <option key={env} value={env}>
                {env}
              </option>
            ))}
          </SelectField>
          <SelectField label={M.period} value={String(days)} onChange={(e) => set('days', e.target.value)}>
            {PERIOD_DAYS.map((d) => (
              <option key={d} value={d}>
                {M.periods[d]}
              </option>
            ))}
          </SelectField>
          <SelectField label={M.sort} value={sort} onChange={(e) => set('sort', e.target.value)}>
            {SORTS.map((s) => (
              <option key={s} value={s}>
                {M.sorts[s]}
              </option>
            ))}
          </SelectField>
          <SelectField label={M.apdexT} value={String(apdexT)} onChange={(e) => setApdexT(Number(e.target.value))}>
            {APDEX_TS.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </SelectField>
        </div>
      </Card>
      <SummaryCards summary={summary.data} />
      <Card as="section" aria-labelledby="perf-routes-title">
        <h2 id="perf-routes-title" className="mb-3 font-semibold text-slate-900 dark:text-white">
          {M.routesTitle}
        </h2>
        {routes.isLoading ? (
          <PageSpinner />
        ) : routes.data && routes.data.items.length > 0 ? (
          <>
            <RoutesTable projectId={projectId} items={routes.data.items} search={detailSearch} />
            <p className="mt-3 text-xs text-slate-500 dark:text-slate-400">{M.errorBound(String(routes.data.percentile_error_bound * 100))}</p>
          </>
        ) : (
          <EmptyState title={M.noData} />
        )}
      </Card>
    </div>
  );
}
