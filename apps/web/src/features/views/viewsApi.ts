import type { SavedView } from '@seyir/domain';
import { apiSlice } from '../api/apiSlice';

export interface ViewInput {
  name: string;
  query: string;
  columns: string[];
}

/** Saved views of a project: every member reads, editors write (the server checks). */
export const viewsApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    getViews: builder.query<SavedView[], string>({
      query: (projectId) => `/projects/${projectId}/views`,
      providesTags: (_r, _e, projectId) => [{ type: 'View', id: projectId }],
    }),
    createView: builder.mutation<SavedView, { projectId: string } & ViewInput>({
      query: ({ projectId, ...body }) => ({ url: `/projects/${projectId}/views`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { projectId }) => [{ type: 'View', id: projectId }],
    }),
    updateView: builder.mutation<SavedView, { projectId: string; viewId: string } & ViewInput>({
      query: ({ projectId, viewId, ...body }) => ({ url: `/projects/${projectId}/views/${viewId}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { projectId }) => [{ type: 'View', id: projectId }],
    }),
    deleteView: builder.mutation<void, { projectId: string; viewId: string }>({
      query: ({ projectId, viewId }) => ({ url: `/projects/${projectId}/views/${viewId}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { projectId }) => [{ type: 'View', id: projectId }],
    }),
  }),
});

export const { useGetViewsQuery, useCreateViewMutation, useUpdateViewMutation, useDeleteViewMutation } = viewsApi;

/** The logs screen's address for a view: its query applied, the view remembered. */
export function viewHref(projectId: string, view: Pick<SavedView, 'id' | 'query'>): string {
  const params = new URLSearchParams();
  if (view.query) params.set('q', view.query);
  params.set('view', view.id);
  return `/projects/${projectId}/logs?${params}`;
}
