import type { ProjectRole, TeamMember } from '@seyir/domain';
import { apiSlice } from '../api/apiSlice';
import { asList } from '../api/asList';

export interface UserSearchResult {
  _id?: string;
  id?: string;
  username: string;
  email?: string;
}

/** §3: a search result's id is `id` or `_id`. */
export function resultId(user: UserSearchResult): string | undefined {
  return user.id ?? user._id;
}

export const teamApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    getMembers: builder.query<TeamMember[], string>({
      query: (projectId) => `/projects/${projectId}/members`,
      transformResponse: (raw: unknown) => asList<TeamMember>(raw, ['members', 'team_members']),
      providesTags: (_r, _e, projectId) => [{ type: 'Member', id: projectId }],
    }),
    addMember: builder.mutation<unknown, { projectId: string; user_id: string; role: ProjectRole }>({
      query: ({ projectId, ...body }) => ({ url: `/projects/${projectId}/members`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { projectId }) => [{ type: 'Member', id: projectId }, { type: 'Project', id: projectId }],
    }),
    removeMember: builder.mutation<unknown, { projectId: string; userId: string }>({
      query: ({ projectId, userId }) => ({ url: `/projects/${projectId}/members/${userId}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { projectId }) => [{ type: 'Member', id: projectId }, { type: 'Project', id: projectId }],
    }),
    searchUsers: builder.query<UserSearchResult[], string>({
      query: (q) => ({ url: '/users/search', params: { q } }),
      transformResponse: (raw: unknown) => asList<UserSearchResult>(raw, ['users', 'results']),
    }),
  }),
});

export const { useGetMembersQuery, useAddMemberMutation, useRemoveMemberMutation, useSearchUsersQuery } = teamApi;
