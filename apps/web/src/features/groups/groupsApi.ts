import { apiSlice, dropBlank } from '../api/apiSlice';
import { asList } from '../api/asList';
import { liveWhileCached } from '../live/liveWhileCached';
import type { GroupLogsResponse, GroupNote, GroupsQueryArgs, GroupsResponse, GroupsSummary, GroupStatus, LogGroup } from './types';

type GroupRef = { projectId: string; groupId: string };

export const groupsApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    getGroups: builder.query<GroupsResponse, GroupsQueryArgs>({
      query: ({ projectId, ...params }) => ({ url: `/projects/${projectId}/groups`, params: dropBlank(params) }),
      providesTags: (_r, _e, { projectId }) => [{ type: 'Group', id: `LIST-${projectId}` }],
      /** Changed groups of a frame refresh the listed ones in place (one update per frame). */
      onCacheEntryAdded: (args, lifecycle) =>
        liveWhileCached(lifecycle, (live) =>
          live.subscribe([args.projectId], ({ groups }) => {
            if (!groups.length) return;
            lifecycle.updateCachedData((draft) => {
              for (const group of groups) {
                const index = draft.items.findIndex((g) => g._id === group._id);
                if (index >= 0) draft.items[index] = { ...draft.items[index]!, ...group };
              }
            });
          }),
        ),
    }),
    getGroupsSummary: builder.query<GroupsSummary, { projectId: string; environment?: string; days?: number }>({
      query: ({ projectId, ...params }) => ({ url: `/projects/${projectId}/groups/summary`, params: dropBlank(params) }),
      providesTags: (_r, _e, { projectId }) => [{ type: 'GroupSummary', id: projectId }],
      onCacheEntryAdded: (args, lifecycle) =>
        liveWhileCached(lifecycle, (live) =>
          live.subscribe([args.projectId], ({ logs, skipped }) => {
            const added = args.environment ? logs.filter((log) => log.environment === args.environment).length : logs.length + skipped;
            if (added) lifecycle.updateCachedData((draft) => void (draft.summary.total_logs += added));
          }),
        ),
    }),
    getGroup: builder.query<LogGroup, GroupRef>({
      query: ({ projectId, groupId }) => `/projects/${projectId}/groups/${groupId}`,
      providesTags: (_r, _e, { groupId }) => [{ type: 'Group', id: groupId }],
      onCacheEntryAdded: (args, lifecycle) =>
        liveWhileCached(lifecycle, (live) =>
          live.subscribe([args.projectId], ({ groups }) => {
            const group = groups.find((g) => g._id === args.groupId);
            if (group) lifecycle.updateCachedData((draft) => ({ ...draft, ...group }));
          }),
        ),
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
