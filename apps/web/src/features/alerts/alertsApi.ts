import type { AlertDeliveryView, AlertRuleView } from '@seyir/domain';
import { apiSlice } from '../api/apiSlice';

type RuleRef = { projectId: string; alertId: string };

/** The body of POST/PUT .../alerts (see `alertRuleInputSchema` in the domain). */
export interface AlertRuleBody {
  name: string;
  type: AlertRuleView['type'];
  channels: ({ type: 'email'; to: string[] } | { type: 'webhook'; url: string; secret?: string } | { type: 'slack'; url: string })[];
  conditions: Record<string, unknown>;
  cooldown_minutes: number;
  enabled: boolean;
}

export const alertsApi = apiSlice.enhanceEndpoints({ addTagTypes: ['Alert', 'AlertDelivery'] }).injectEndpoints({
  endpoints: (builder) => ({
    getAlertRules: builder.query<AlertRuleView[], string>({
      query: (projectId) => `/projects/${projectId}/alerts`,
      providesTags: (_r, _e, projectId) => [{ type: 'Alert', id: projectId }],
    }),
    createAlertRule: builder.mutation<AlertRuleView, { projectId: string; body: AlertRuleBody }>({
      query: ({ projectId, body }) => ({ url: `/projects/${projectId}/alerts`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { projectId }) => [{ type: 'Alert', id: projectId }],
    }),
    updateAlertRule: builder.mutation<AlertRuleView, RuleRef & { body: AlertRuleBody }>({
      query: ({ projectId, alertId, body }) => ({ url: `/projects/${projectId}/alerts/${alertId}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { projectId }) => [{ type: 'Alert', id: projectId }],
    }),
    deleteAlertRule: builder.mutation<unknown, RuleRef>({
      query: ({ projectId, alertId }) => ({ url: `/projects/${projectId}/alerts/${alertId}`, method: 'DELETE' }),
      async onQueryStarted({ projectId, alertId }, { dispatch, queryFulfilled }) {
        const patch = dispatch(alertsApi.util.updateQueryData('getAlertRules', projectId, (draft) => draft.filter((r) => r.id !== alertId)));
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
    testAlertRule: builder.mutation<{ deliveries: number }, RuleRef>({
      query: ({ projectId, alertId }) => ({ url: `/projects/${projectId}/alerts/${alertId}/test`, method: 'POST' }),
      invalidatesTags: (_r, _e, { alertId }) => [{ type: 'AlertDelivery', id: alertId }],
    }),
    getAlertDeliveries: builder.query<AlertDeliveryView[], RuleRef>({
      query: ({ projectId, alertId }) => `/projects/${projectId}/alerts/${alertId}/deliveries?limit=50`,
      providesTags: (_r, _e, { alertId }) => [{ type: 'AlertDelivery', id: alertId }],
    }),
  }),
});

export const {
  useGetAlertRulesQuery,
  useCreateAlertRuleMutation,
  useUpdateAlertRuleMutation,
  useDeleteAlertRuleMutation,
  useTestAlertRuleMutation,
  useGetAlertDeliveriesQuery,
} = alertsApi;
