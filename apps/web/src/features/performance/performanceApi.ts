import type { PerfRouteDetail, PerfRoutesPage, PerfSummary } from '@seyir/domain';
import { apiSlice, dropBlank } from '../api/apiSlice';

/** The screen refreshes its figures this often (rollups change every few seconds under load). */
export const PERFORMANCE_POLL_MS = 30_000;

type Scope = { projectId: string; environment?: string; days?: number };

export const performanceApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    getPerfSummary: builder.query<PerfSummary, Scope & { apdex_t?: number }>({
      query: ({ projectId, ...params }) => ({ url: `/projects/${projectId}/performance/summary`, params: dropBlank(params) }),
    }),
    getPerfRoutes: builder.query<PerfRoutesPage, Scope & { sort?: string; limit?: number }>({
      query: ({ projectId, ...params }) => ({ url: `/projects/${projectId}/performance/routes`, params: dropBlank(params) }),
    }),
    getPerfRoute: builder.query<PerfRouteDetail, Scope & { routeId: string }>({
      query: ({ projectId, routeId, ...params }) => ({ url: `/projects/${projectId}/performance/routes/${routeId}`, params: dropBlank(params) }),
    }),
  }),
});

export const { useGetPerfSummaryQuery, useGetPerfRoutesQuery, useGetPerfRouteQuery } = performanceApi;
