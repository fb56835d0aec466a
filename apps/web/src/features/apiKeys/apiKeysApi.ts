import type { ApiKey } from '@seyir/domain';
import { apiSlice } from '../api/apiSlice';
import { asList } from '../api/asList';

type KeyRef = { projectId: string; keyId: string };

export const apiKeysApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    getApiKeys: builder.query<ApiKey[], string>({
      query: (projectId) => `/projects/${projectId}/api-keys/`,
      transformResponse: (raw: unknown) => asList<ApiKey>(raw, ['api_keys', 'keys']),
      providesTags: (_r, _e, projectId) => [{ type: 'ApiKey', id: projectId }],
    }),
    /** Answers the key with its FULL value, once. */
    createApiKey: builder.mutation<ApiKey, { projectId: string; name: string }>({
      query: ({ projectId, name }) => ({ url: `/projects/${projectId}/api-keys/`, method: 'POST', body: { name } }),
      invalidatesTags: (_r, _e, { projectId }) => [{ type: 'ApiKey', id: projectId }],
    }),
    /**
     * Activate/deactivate (§4): optimistic, then the list entry is replaced by the key the
     * server returns; a refusal rolls back with `undo()`.
     */
    setApiKeyActive: builder.mutation<ApiKey, KeyRef & { active: boolean }>({
      query: ({ projectId, keyId, active }) => ({
        url: `/projects/${projectId}/api-keys/${keyId}/${active ? 'activate' : 'deactivate'}`,
        method: 'PUT',
      }),
      async onQueryStarted({ projectId, keyId, active }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          apiKeysApi.util.updateQueryData('getApiKeys', projectId, (draft) => {
            const key = draft.find((k) => k._id === keyId);
            if (key) key.is_active = active;
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(
            apiKeysApi.util.updateQueryData('getApiKeys', projectId, (draft) => {
              const index = draft.findIndex((k) => k._id === keyId);
              if (index >= 0 && data && typeof data === 'object' && '_id' in data) draft[index] = data;
            }),
          );
        } catch {
          patch.undo();
        }
      },
    }),
    deleteApiKey: builder.mutation<unknown, KeyRef>({
      query: ({ projectId, keyId }) => ({ url: `/projects/${projectId}/api-keys/${keyId}`, method: 'DELETE' }),
      async onQueryStarted({ projectId, keyId }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          apiKeysApi.util.updateQueryData('getApiKeys', projectId, (draft) => draft.filter((k) => k._id !== keyId)),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});

export const { useGetApiKeysQuery, useCreateApiKeyMutation, useSetApiKeyActiveMutation, useDeleteApiKeyMutation } = apiKeysApi;
