import { parseLevel } from '@seyir/domain';
import type { ThunkExtra } from '../../app/store';
import { apiSlice, dropBlank } from '../api/apiSlice';
import { applyNewLog } from './applyNewLog';
import type { LogEntry, LogsPage, LogsQueryArgs, LogsResponse, LogStats } from './types';

export const logsApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    getLogs: builder.query<LogsPage, LogsQueryArgs>({
      query: ({ projectId, ...params }) => ({ url: `/projects/${projectId}/logs/`, params: dropBlank(params) }),
      transformResponse: (raw: LogsResponse) => ({ ...raw, items: raw.items ?? [], pending: 0 }),
      providesTags: (_r, _e, { projectId }) => [{ type: 'Log', id: projectId }],
      async onCacheEntryAdded(args, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, extra }) {
        const { live } = extra as ThunkExtra;
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        const stop = live.subscribe('log:new', [args.projectId], (log) => {
          updateCachedData((draft) => applyNewLog(draft, log, args));
        });
        await cacheEntryRemoved;
        stop();
      },
    }),
    getLog: builder.query<LogEntry, { projectId: string; logId: string }>({
      query: ({ projectId, logId }) => `/projects/${projectId}/logs/${logId}`,
    }),
    getLogStats: builder.query<LogStats, { projectId: string } & Record<string, string | undefined>>({
      query: ({ projectId, ...params }) => ({ url: `/projects/${projectId}/logs/stats/summary`, params: dropBlank(params) }),
      providesTags: (_r, _e, { projectId }) => [{ type: 'LogStats', id: projectId }],
      async onCacheEntryAdded(args, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, extra }) {
        const { live } = extra as ThunkExtra;
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        const filtered = Object.entries(args).some(([k, v]) => k !== 'projectId' && v);
        const stop = live.subscribe('log:new', [args.projectId], (log) => {
          if (filtered) return;
          updateCachedData((draft) => {
            const level = parseLevel(log.level) ?? log.level;
            draft.total_logs += 1;
            draft.level_distribution[level] = (draft.level_distribution[level] ?? 0) + 1;
          });
        });
        await cacheEntryRemoved;
        stop();
      },
    }),
  }),
});

export const { useGetLogsQuery, useGetLogQuery, useGetLogStatsQuery } = logsApi;
