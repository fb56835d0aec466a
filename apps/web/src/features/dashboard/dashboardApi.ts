import { isErrorLevel, parseLevel } from '@seyir/domain';
import type { RootState, ThunkExtra } from '../../app/store';
import { apiSlice } from '../api/apiSlice';
import { asList } from '../api/asList';
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
      /** Cards tick up with every pushed log; `stats:updated` replaces them outright. */
      async onCacheEntryAdded(_arg, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, extra, getState }) {
        const { live } = extra as ThunkExtra;
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        const ids = allProjectIds(getState);
        const stopLogs = live.subscribe('log:new', ids, (log) => {
          updateCachedData((draft) => {
            draft.totalLogs += 1;
            draft.todayLogs += 1;
            const level = parseLevel(log.level);
            if (level && isErrorLevel(level)) draft.errorLogs += 1;
          });
        });
        const stopStats = live.subscribe('stats:updated', ids, (stats) => {
          if (typeof stats.totalLogs !== 'number') return;
          updateCachedData((draft) => {
            const { project_id: _ignored, ...rest } = stats;
            Object.assign(draft, rest);
          });
        });
        await cacheEntryRemoved;
        stopLogs();
        stopStats();
      },
    }),
    getRecentLogs: builder.query<LogEntry[], number | void>({
      query: (limit) => ({ url: '/dashboard/logs/recent', params: { limit: limit ?? RECENT_LOGS_LIMIT } }),
      transformResponse: (raw: unknown) => asList<LogEntry>(raw, ['logs']),
      providesTags: ['Dashboard'],
      async onCacheEntryAdded(limit, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, extra, getState }) {
        const { live } = extra as ThunkExtra;
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        const stop = live.subscribe('log:new', allProjectIds(getState), (log) => {
          updateCachedData((draft) => {
            if (draft.some((l) => l._id === log._id)) return;
            draft.unshift(log);
            draft.length = Math.min(draft.length, limit ?? RECENT_LOGS_LIMIT);
          });
        });
        await cacheEntryRemoved;
        stop();
      },
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
