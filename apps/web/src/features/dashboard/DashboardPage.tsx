import { formatNumberTr, formatPercentChangeTr, LEVEL_LABELS, LOG_LEVELS } from '@seyir/domain';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { DonutChart } from '../../components/charts/DonutChart';
import { TimeSeriesChart } from '../../components/charts/TimeSeriesChart';
import { ButtonLink, Card, EmptyState, PageHeader, PageSpinner, StatCard } from '../../components/ui';
import { formatShortDay, parseDateValue } from '../../lib/dates';
import { COMMON } from '../../messages';
import { DASHBOARD } from '../../messages/app';
import { displayName, selectCurrentUser } from '../auth/authSlice';
import { LEVEL_COLORS } from '../logs/LevelBadge';
import { LogTable } from '../logs/LogTable';
import { useShellProjects } from '../shell/AppLayout';
import { toastError } from '../toasts/toastSlice';
import { useGetActivityQuery, useGetDashboardStatsQuery, useGetDistributionQuery, useGetRecentLogsQuery } from './dashboardApi';
import type { ActivityItem, DashboardStats } from './types';

function changeNote(value: number | undefined) {
  return value === undefined ? undefined : `${formatPercentChangeTr(value)} ${DASHBOARD.changeLabel}`;
}

function StatCards({ stats }: { stats: DashboardStats | undefined }) {
  const n = (v: number | undefined) => (v === undefined ? '—' : formatNumberTr(v));
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard label={DASHBOARD.totalLogs} value={n(stats?.totalLogs)} note={changeNote(stats?.totalLogsChange)} />
      <StatCard label={DASHBOARD.errorLogs} value={n(stats?.errorLogs)} note={changeNote(stats?.errorLogsChange)} tone="red" />
      <StatCard label={DASHBOARD.projects} value={n(stats?.projects)} tone="sky" />
      <StatCard label={DASHBOARD.todayLogs} value={n(stats?.todayLogs)} note={changeNote(stats?.todayLogsChange)} tone="amber" />
    </div>
  );
}

/** §2: the 7-day stacked area chart of activity by level, with the numbers as a table too. */
function ActivityPanel({ items }: { items: ActivityItem[] }) {
  const { times, series } = useMemo(() => {
    const sorted = [...items].sort((a, b) => a.date.localeCompare(b.date));
    return {
      times: sorted.map((i) => parseDateValue(i.date) ?? new Date(NaN)),
      series: LOG_LEVELS.map((level) => ({ label: LEVEL_LABELS[level], color: LEVEL_COLORS[level], values: sorted.map((i) => i[level] ?? 0) })),
    };
  }, [items]);
  return (
    <Card as="section" aria-labelledby="activity-title" className="min-w-0 lg:col-span-2">
      <h2 id="activity-title" className="mb-3 font-semibold text-slate-900 dark:text-white">
        {DASHBOARD.activityTitle}
      </h2>
      {items.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{DASHBOARD.noData}</p>
      ) : (
        <>
          <TimeSeriesChart times={times} series={series} stacked />
          <table className="sr-only">
            <caption>{DASHBOARD.activityTitle}</caption>
            <thead>
              <tr>
                <th scope="col">{COMMON.date}</th>
                {series.map((s) => (
                  <th key={s.label} scope="col">{s.label}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {times.map((t, i) => (
                <tr key={t.getTime() || i}>
                  <th scope="row">{formatShortDay(t)}</th>
                  {series.map((s) => (
                    <td key={s.label}>{formatNumberTr(s.values[i] ?? 0)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </Card>
  );
}

export default function DashboardPage() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const { projects, projectsLoading } = useShellProjects();
  const hasProjects = projects.length > 0;
  const skip = !hasProjects;
  const stats = useGetDashboardStatsQuery(undefined, { skip });
  const activity = useGetActivityQuery(undefined, { skip });
  const distribution = useGetDistributionQuery(undefined, { skip });
  const recent = useGetRecentLogsQuery(undefined, { skip });
  const failed = stats.isError || activity.isError || distribution.isError || recent.isError;

  useEffect(() => {
    if (failed) dispatch(toastError(DASHBOARD.loadFailed));
  }, [failed, dispatch]);

  const greeting = DASHBOARD.greeting(displayName(user, DASHBOARD.fallbackName));
  if (projectsLoading) return <PageSpinner />;
  if (!hasProjects) {
    return (
      <>
        <PageHeader title={greeting} subtitle={DASHBOARD.subtitle} />
        <EmptyState title={DASHBOARD.emptyTitle}>
          <p>{DASHBOARD.emptyText}</p>
          <ButtonLink to="/projects/new" className="mt-4">
            {DASHBOARD.emptyCta}
          </ButtonLink>
        </EmptyState>
      </>
    );
  }

  const slices = LOG_LEVELS.map((level) => ({
    key: level,
    label: LEVEL_LABELS[level],
    color: LEVEL_COLORS[level],
    value: (distribution.data ?? []).filter((d) => d.level?.toUpperCase() === level).reduce((sum, d) => sum + d.count, 0),
  }));
  const firstProject = projects[0]!;

  return (
    <>
      <PageHeader title={greeting} subtitle={DASHBOARD.subtitle} />
      <StatCards stats={stats.data} />
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <ActivityPanel items={activity.data ?? []} />
        <Card as="section" aria-labelledby="distribution-title" className="min-w-0">
          <h2 id="distribution-title" className="mb-3 font-semibold text-slate-900 dark:text-white">
            {DASHBOARD.distributionTitle}
          </h2>
          <DonutChart slices={slices} title={DASHBOARD.distributionTitle} emptyText={DASHBOARD.noData} />
        </Card>
      </div>
      <section aria-labelledby="recent-title" className="mt-6">
        <div className="mb-3 flex items-center justify-between gap-2">
          <h2 id="recent-title" className="font-semibold text-slate-900 dark:text-white">
            {DASHBOARD.recentTitle}
          </h2>
          <Link to={`/projects/${firstProject._id}/logs`} className="text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300">
            {DASHBOARD.viewAllLogs}
          </Link>
        </div>
        {recent.data && recent.data.length > 0 ? (
          <LogTable logs={recent.data} caption={DASHBOARD.recentTitle} showHost={false} />
        ) : (
          <EmptyState title={DASHBOARD.noData} />
        )}
      </section>
    </>
  );
}
