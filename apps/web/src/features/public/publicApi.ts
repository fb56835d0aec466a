import { getPlanTable, type ContactMessage, type Plan } from '@seyir/domain';
import { apiSlice } from '../api/apiSlice';

export interface PlansResponse {
  preset: string;
  beta: boolean;
  plans: Plan[];
}

/** What the pages show if the server cannot be reached: the same table the server uses. */
export const FALLBACK_PLANS: PlansResponse = { preset: 'pricing', beta: true, plans: [...getPlanTable({ preset: 'pricing', beta: true })] };

export const publicApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    getPlans: builder.query<PlansResponse, void>({
      query: () => '/plans',
      providesTags: ['Plans'],
    }),
    sendContactMessage: builder.mutation<unknown, ContactMessage>({
      query: (body) => ({ url: '/contact', method: 'POST', body }),
    }),
  }),
});

export const { useGetPlansQuery, useSendContactMessageMutation } = publicApi;
