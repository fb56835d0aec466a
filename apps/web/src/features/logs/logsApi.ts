import type { LogFieldsResponse } from '@seyir/domain';
import { apiSlice, dropBlank } from '../api/apiSlice';
import { liveWhileCached } from '../live/liveWhileCached';
import { applyLiveLogs } from './applyNewLog';
import type { LogEntry, LogsPage, LogsQueryArgs, LogsResponse } from './types';

export const logsApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    /** A page of logs with the four count cards (`counts`) for the same filters; live frames update both. */
    getLogs: builder.query<LogsPage, LogsQueryArgs>({
      query: ({ projectId, ...params }) => ({ url: `/projects/${projectId}/logs/`, params: dropBlank(params) }),
      transformResponse: (raw: LogsResponse) => ({ ...raw, items: raw.items ?? [], pending: 0 }),
      providesTags: (_r, _e, { projectId }) => [{ type: 'Log', id: projectId }],
      onCacheEntryAdded: (args, lifecycle) =>
        liveWhileCached(lifecycle, (live) =>
          live.subscribe([args.projectId], (frame) => {
            if (frame.logs.length || frame.skipped) lifecycle.updateCachedData((draft) => applyLiveLogs(draft, frame, args));
          }),
        ),
    }),
    /** Custom keys of the project's recent logs with their top values: the search box's suggestions. */
    getLogFields: builder.query<LogFieldsResponse, string>({
      query: (projectId) => `/projects/${projectId}/logs/fields`,
      providesTags: (_r, _e, projectId) => [{ type: 'LogFields', id: projectId }],
      keepUnusedDataFor: 300,
    }),
    getLog: builder.query<LogEntry, { projectId: string; logId: string }>({
      query: ({ projectId, logId }) => `/projects/${projectId}/logs/${logId}`,
    }),
  }),
});

export const { useGetLogsQuery, useGetLogQuery, useGetLogFieldsQuery } = logsApi;
