import type { ThunkExtra } from '../../app/store';
import { apiSlice, dropBlank } from '../api/apiSlice';
import { asList } from '../api/asList';
import type { GroupLogsResponse, GroupNote, GroupsQueryArgs, GroupsResponse, GroupsSummary, GroupStatus, LogGroup } from './types';

type GroupRef = { projectId: string; groupId: string };

export const groupsApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    getGroups: builder.query<GroupsResponse, GroupsQueryArgs>({
      query: ({ projectId, ...params }) => ({ url: `/projects/${projectId}/groups`, params: dropBlank(params) }),
      providesTags: (_r, _e, { projectId }) => [{ type: 'Group', id: `LIST-${projectId}` }],
      /** `group:updated` refreshes a listed group's counts in place. */
      async onCacheEntryAdded(args, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, extra }) {
        const { live } = extra as ThunkExtra;
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        const stop = live.subscribe('group:updated', [args.projectId], (group) => {
          updateCachedData((draft) => {
            const index = draft.items.findIndex((g) => g._id === group._id);
            if (index >= 0) draft.items[index] = { ...draft.items[index], ...group };
          });
        });
        await cacheEntryRemoved;
        stop();
      },
    }),
    getGroupsSummary: builder.query<GroupsSummary, { projectId: string; environment?: string; days?: number }>({
      query: ({ projectId, ...params }) => ({ url: `/projects/${projectId}/groups/summary`, params: dropBlank(params) }),
      providesTags: (_r, _e, { projectId }) => [{ type: 'GroupSummary', id: projectId }],
      async onCacheEntryAdded(args, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, extra }) {
        const { live } = extra as ThunkExtra;
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        const stop = live.subscribe('log:new', [args.projectId], (log) => {
          if (args.environment && log.environment !== args.environment) return;
          updateCachedData((draft) => {
            draft.summary.total_logs += 1;
          });
        });
        await cacheEntryRemoved;
        stop();
      },
    }),
    getGroup: builder.query<LogGroup, GroupRef>({
      query: ({ projectId, groupId }) => `/projects/${projectId}/groups/${groupId}`,
      providesTags: (_r, _e, { groupId }) => [{ type: 'Group', id: groupId }],
      async onCacheEntryAdded(args, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, extra }) {
        const { live } = extra as ThunkExtra;
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        const stop = live.subscribe('group:updated', [args.projectId], (group) => {
          if (group._id !== args.groupId) return;
          updateCachedData((draft) => ({ ...draft, ...group }));
        });
        await cacheEntryRemoved;
        stop();
      },
    }),
    getGroupLogs: builder.query<GroupLogsResponse, GroupRef & { skip: number; limit: number }>({
      query: ({ projectId, groupId, ...params }) => ({ url: `/projects/${projectId}/groups/${groupId}/logs`, params }),
      transformResponse: (raw: unknown) => ({
        items: asList(raw, ['logs']),
        total: (raw as { total?: number })?.total ?? asList(raw, ['logs']).length,
      }),
      providesTags: (_r, _e, { groupId }) => [{ type: 'Group', id: `LOGS-${groupId}` }],
    }),
    /**
     * Status change, optimistic: the detail shows the new status at once and rolls back with
     * `undo()` if the server refuses.
     */
    updateGroupStatus: builder.mutation<LogGroup, GroupRef & { status: GroupStatus }>({
      query: ({ projectId, groupId, status }) => ({ url: `/projects/${projectId}/groups/${groupId}`, method: 'PATCH', body: { status } }),
      async onQueryStarted({ projectId, groupId, status }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          groupsApi.util.updateQueryData('getGroup', { projectId, groupId }, (draft) => {
            draft.status = status;
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: (_r, _e, { projectId }) => [{ type: 'Group', id: `LIST-${projectId}` }, { type: 'GroupSummary', id: projectId }],
    }),
    deleteGroup: builder.mutation<unknown, GroupRef>({
      query: ({ projectId, groupId }) => ({ url: `/projects/${projectId}/groups/${groupId}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { projectId }) => [{ type: 'Group', id: `LIST-${projectId}` }, { type: 'GroupSummary', id: projectId }],
    }),
    reprocessGroup: builder.mutation<unknown, GroupRef>({
      query: ({ projectId, groupId }) => ({ url: `/projects/${projectId}/groups/${groupId}/reprocess`, method: 'POST' }),
      invalidatesTags: (_r, _e, { groupId }) => [{ type: 'Group', id: groupId }, { type: 'Group', id: `LOGS-${groupId}` }],
    }),
    getGroupNotes: builder.query<GroupNote[], GroupRef>({
      query: ({ projectId, groupId }) => `/projects/${projectId}/groups/${groupId}/notes`,
      transformResponse: (raw: unknown) => asList<GroupNote>(raw, ['notes']),
      providesTags: (_r, _e, { groupId }) => [{ type: 'Note', id: groupId }],
    }),
    addGroupNote: builder.mutation<GroupNote, GroupRef & { text: string }>({
      query: ({ projectId, groupId, text }) => ({ url: `/projects/${projectId}/groups/${groupId}/notes`, method: 'POST', body: { text } }),
      invalidatesTags: (_r, _e, { groupId }) => [{ type: 'Note', id: groupId }],
    }),
  }),
});

export const {
  useGetGroupsQuery,
  useGetGroupsSummaryQuery,
  useGetGroupQuery,
  useGetGroupLogsQuery,
  useUpdateGroupStatusMutation,
  useDeleteGroupMutation,
  useReprocessGroupMutation,
  useGetGroupNotesQuery,
  useAddGroupNoteMutation,
} = groupsApi;
