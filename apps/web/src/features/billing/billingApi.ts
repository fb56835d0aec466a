import type { Plan, PlanChangeInput, PlanId, PlanQuoteView, UsageSummary } from '@seyir/domain';
import { apiSlice } from '../api/apiSlice';
import { liveWhileCached } from '../live/liveWhileCached';

export interface PlanHistoryItem {
  from_plan: string;
  to_plan: string;
  amount_kurus: number;
  amount_text: string;
  kind: PlanQuoteView['kind'];
  created_at: string;
}

export interface MyPlan {
  plan: Plan;
  beta: boolean;
  changes: PlanHistoryItem[];
}

export type Usage = UsageSummary & { plan: PlanId; rule: string };

export const billingApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    getMyPlan: builder.query<MyPlan, void>({
      query: () => '/users/me/plan',
      providesTags: ['MyPlan'],
    }),
    /** A fresh quote each time: the amount depends on the day. */
    getPlanQuote: builder.query<PlanQuoteView, PlanId>({
      query: (plan) => ({ url: '/users/me/plan/quote', params: { plan } }),
      keepUnusedDataFor: 0,
    }),
    changePlan: builder.mutation<PlanQuoteView & { changed_at: string }, PlanChangeInput>({
      query: (body) => ({ url: '/users/me/plan', method: 'POST', body }),
      invalidatesTags: ['MyPlan', 'Usage'],
    }),
    getUsage: builder.query<Usage, void>({
      query: () => '/users/me/usage',
      providesTags: ['Usage'],
      /** `usage:updated` (at most every few seconds) re-reads the panel, whose fee rule lives on the server. */
      onCacheEntryAdded: (_arg, lifecycle) =>
        liveWhileCached(lifecycle, (live) =>
          live.subscribeUsage((usage) => {
            const shown = lifecycle.getCacheEntry().data;
            if (shown && shown.month === usage.month && shown.logs === usage.logs) return;
            lifecycle.dispatch(apiSlice.util.invalidateTags(['Usage']));
          }),
        ),
    }),
  }),
});

export const { useGetMyPlanQuery, useLazyGetPlanQuoteQuery, useChangePlanMutation, useGetUsageQuery } = billingApi;
