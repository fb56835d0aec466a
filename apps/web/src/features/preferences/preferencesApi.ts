import type { NotificationPreferences } from '@seyir/domain';
import { apiSlice } from '../api/apiSlice';

/** The notification preferences kept on the server (the theme stays local, spec §3). */
export const preferencesApi = apiSlice.enhanceEndpoints({ addTagTypes: ['NotificationPreferences'] }).injectEndpoints({
  endpoints: (builder) => ({
    getNotificationPreferences: builder.query<NotificationPreferences, void>({
      query: () => '/auth/me/preferences',
      providesTags: ['NotificationPreferences'],
    }),
    updateNotificationPreferences: builder.mutation<NotificationPreferences, NotificationPreferences>({
      query: (body) => ({ url: '/auth/me/preferences', method: 'PUT', body }),
      invalidatesTags: ['NotificationPreferences'],
    }),
  }),
});

export const { useGetNotificationPreferencesQuery, useUpdateNotificationPreferencesMutation } = preferencesApi;
