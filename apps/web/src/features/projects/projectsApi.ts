import type { Project, ProjectCreateInput, ProjectUpdateInput } from '@seyir/domain';
import { apiSlice } from '../api/apiSlice';
import { asList } from '../api/asList';

export const projectsApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    getProjects: builder.query<Project[], void>({
      query: () => '/projects/',
      transformResponse: (raw: unknown) => asList<Project>(raw, ['projects']),
      providesTags: (result) => [
        { type: 'Project' as const, id: 'LIST' },
        ...(result ?? []).map((p) => ({ type: 'Project' as const, id: p._id })),
      ],
    }),
    getProject: builder.query<Project, string>({
      query: (id) => `/projects/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Project', id }],
    }),
    createProject: builder.mutation<Project, ProjectCreateInput>({
      query: (body) => ({ url: '/projects/', method: 'POST', body }),
      invalidatesTags: [{ type: 'Project', id: 'LIST' }, 'Dashboard'],
    }),
    updateProject: builder.mutation<Project, { id: string } & ProjectUpdateInput>({
      query: ({ id, ...body }) => ({ url: `/projects/${id}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Project', id }, { type: 'Project', id: 'LIST' }],
    }),
    /** Optimistic: the card disappears at once and comes back if the server refuses. */
    deleteProject: builder.mutation<unknown, string>({
      query: (id) => ({ url: `/projects/${id}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          projectsApi.util.updateQueryData('getProjects', undefined, (draft) => draft.filter((p) => p._id !== id)),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: ['Dashboard'],
    }),
  }),
});

export const {
  useGetProjectsQuery,
  useGetProjectQuery,
  useCreateProjectMutation,
  useUpdateProjectMutation,
  useDeleteProjectMutation,
} = projectsApi;

/** The §6 standing of the current user in a project, for `canDo`/`canManageMembers`. */
export function standingIn(project: Pick<Project, 'my_role' | 'owner_id'> | undefined, user: { id?: string; _id?: string; is_admin?: boolean } | null) {
  const userId = user?.id ?? user?._id;
  const isOwner = project?.my_role === 'owner' || (!!userId && project?.owner_id === userId);
  const role = project && project.my_role !== 'owner' ? project.my_role : null;
  return { role, isOwner, isGlobalAdmin: user?.is_admin === true };
}
