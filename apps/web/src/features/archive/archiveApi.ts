import type { ArchiveConfigView } from '@seyir/domain';
import { apiSlice } from '../api/apiSlice';

export type ArchiveSettings = (ArchiveConfigView & { configured: true }) | { configured: false };

export interface ArchiveSettingsInput {
  endpoint: string;
  region: string;
  bucket: string;
  prefix: string;
  access_key_id: string;
  /** Omitted: the stored secret is kept. */
  secret_access_key?: string;
}

export const archiveApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    getArchive: builder.query<ArchiveSettings, string>({
      query: (projectId) => `/projects/${projectId}/archive`,
      providesTags: (_r, _e, projectId) => [{ type: 'Archive', id: projectId }],
    }),
    saveArchive: builder.mutation<ArchiveSettings, { projectId: string; body: ArchiveSettingsInput }>({
      query: ({ projectId, body }) => ({ url: `/projects/${projectId}/archive`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { projectId }) => [{ type: 'Archive', id: projectId }],
    }),
    testArchive: builder.mutation<{ detail: string }, string>({
      query: (projectId) => ({ url: `/projects/${projectId}/archive/test`, method: 'POST' }),
    }),
    removeArchive: builder.mutation<unknown, string>({
      query: (projectId) => ({ url: `/projects/${projectId}/archive`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, projectId) => [{ type: 'Archive', id: projectId }],
    }),
  }),
});

export const { useGetArchiveQuery, useSaveArchiveMutation, useTestArchiveMutation, useRemoveArchiveMutation } = archiveApi;
