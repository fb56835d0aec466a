import { isErrorLevel, parseLevel } from '@seyir/domain';
import type { RootState } from '../../app/store';
import { apiSlice } from '../api/apiSlice';
import { asList } from '../api/asList';
import { liveWhileCached } from '../live/liveWhileCached';
import { projectsApi } from '../projects/projectsApi';
import type { LogEntry } from '../logs/types';
import { ACTIVITY_DAYS, RECENT_LOGS_LIMIT, type ActivityItem, type DashboardStats, type DistributionItem } from './types';

/** The ids of every project the user sees, read from the shell's project list. */
function allProjectIds(getState: () => unknown): string[] {
  return (projectsApi.endpoints.getProjects.select()(getState() as RootState).data ?? []).map((p) => p._id);
}

export const dashboardApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    getDashboardStats: builder.query<DashboardStats, void>({
      query: () => '/dashboard/stats',
      providesTags: ['Dashboard'],
      /** Cards tick up with the logs of every frame (one update per frame). */
      onCacheEntryAdded: (_arg, lifecycle) =>
        liveWhileCached(lifecycle, (live) =>
          live.subscribe(allProjectIds(lifecycle.getState), ({ logs, skipped }) => {
            if (!logs.length && !skipped) return;
            const errors = logs.filter((log) => {
              const level = parseLevel(log.level);
              return level !== undefined && isErrorLevel(level);
            }).length;
            lifecycle.updateCachedData((draft) => {
              draft.totalLogs += logs.length + skipped;
              draft.todayLogs += logs.length + skipped;
              draft.errorLogs += errors;
            });
          }),
        ),
    }),
    getRecentLogs: builder.query<LogEntry[], number | void>({
      query: (limit) => ({ url: '/dashboard/logs/recent', params: { limit: limit ?? RECENT_LOGS_LIMIT } }),
      transformResponse: (raw: unknown) => asList<LogEntry>(raw, ['logs']),
      providesTags: ['Dashboard'],
      onCacheEntryAdded: (limit, lifecycle) =>
        liveWhileCached(lifecycle, (live) =>
          live.subscribe(allProjectIds(lifecycle.getState), ({ logs }) => {
            if (!logs.length) return;
            lifecycle.updateCachedData((draft) => {
              const shown = new Set(draft.map((l) => l._id));
              // Frames are oldest first; the list is newest first.
              for (const log of logs) if (!shown.has(log._id)) draft.unshift(log);
              draft.length = Math.min(draft.length, limit ?? RECENT_LOGS_LIMIT);
            });
          }),
        ),
    }),
    getActivity: builder.query<ActivityItem[], number | void>({
      query: (days) => ({ url: '/dashboard/logs/activity', params: { days: days ?? ACTIVITY_DAYS } }),
      transformResponse: (raw: unknown) => asList<ActivityItem>(raw, ['activity', 'data']),
      providesTags: ['Dashboard'],
    }),
    getDistribution: builder.query<DistributionItem[], void>({
      query: () => '/dashboard/logs/distribution',
      transformResponse: (raw: unknown) => asList<DistributionItem>(raw, ['distribution', 'data']),
      providesTags: ['Dashboard'],
    }),
  }),
});

export const { useGetDashboardStatsQuery, useGetRecentLogsQuery, useGetActivityQuery, useGetDistributionQuery } = dashboardApi;
