import { formatNumberTr, PLAN_IDS, type Plan, type PlanId, type PlanQuoteView } from '@seyir/domain';
import { useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { Alert, Button, Card, SelectField, Spinner } from '../../components/ui';
import { COMMON } from '../../messages';
import { BILLING } from '../../messages/app';
import { errorDetail } from '../api/errors';
import { usePlans } from '../public/plans';
import { toastError, toastSuccess } from '../toasts/toastSlice';
import { useChangePlanMutation, useGetMyPlanQuery, useLazyGetPlanQuoteQuery } from './billingApi';
import { formatDay } from '../../lib/dates';

function limitsOf(plan: Plan): string {
  const projects = plan.maxProjects === null ? BILLING.unlimitedProjects : BILLING.projects(plan.maxProjects);
  return BILLING.limits(projects, formatNumberTr(plan.monthlyLogs), plan.retentionDays);
}

function QuoteSummary({ quote }: { quote: PlanQuoteView }) {
  const line = quote.kind === 'charge' ? BILLING.charge(quote.amount_text) : quote.kind === 'credit' ? BILLING.credit(quote.amount_text) : BILLING.none;
  return (
    <div className="space-y-1">
      <p className="font-semibold">{line}</p>
      <p>{BILLING.days(quote.days_remaining, quote.days_in_month)}</p>
      <p className="text-xs">{quote.rule}</p>
    </div>
  );
}

/**
 * The profile's plan section: the current plan and its limits, the pro-rata quote of a change
 * shown before confirming, and the change history. The confirmation sends the amount shown, so
 * a quote that went stale (a day passed) is refused rather than charged differently.
 */
export function PlanSection() {
  const dispatch = useAppDispatch();
  const { data, isLoading, isError } = useGetMyPlanQuery();
  const { table } = usePlans();
  const [target, setTarget] = useState<PlanId | ''>('');
  const [fetchQuote, { data: quote, isFetching: quoting, error: quoteError }] = useLazyGetPlanQuoteQuery();
  const [shown, setShown] = useState<PlanQuoteView | null>(null);
  const [change, { isLoading: changing }] = useChangePlanMutation();

  const names = new Map((table?.plans ?? []).map((p) => [p.id, p.name]));
  const nameOf = (id: string) => names.get(id as PlanId) ?? id;

  const onQuote = async () => {
    if (!target) return;
    const result = await fetchQuote(target);
    setShown(result.data ?? null);
  };
  const onConfirm = async () => {
    if (!shown) return;
    try {
      await change({ plan: shown.to_plan as PlanId, expected_amount_kurus: shown.amount_kurus }).unwrap();
      dispatch(toastSuccess(BILLING.changed(nameOf(shown.to_plan))));
      setShown(null);
      setTarget('');
    } catch (error) {
      dispatch(toastError(errorDetail(error) ?? BILLING.changeFailed));
      setShown(null);
    }
  };

  return (
    <Card as="section" aria-labelledby="plan-section">
      <h2 id="plan-section" className="mb-4 text-lg font-semibold text-slate-900 dark:text-white">
        {BILLING.planSection}
      </h2>
      {isLoading && <Spinner label={COMMON.loading} />}
      {isError && <Alert tone="error">{BILLING.loadFailed}</Alert>}
      {data && (
        <div className="space-y-4 text-sm text-slate-700 dark:text-slate-300">
          <p>
            {BILLING.currentPlan}: <strong className="text-slate-900 dark:text-white">{data.plan.name}</strong>
            <span className="block text-slate-500 dark:text-slate-400">{limitsOf(data.plan)}</span>
          </p>
          {data.beta && <Alert tone="success">{BILLING.betaNote}</Alert>}
          <div className="flex flex-wrap items-end gap-3">
            <SelectField
              label={BILLING.choose}
              name="plan"
              value={target}
              onChange={(e) => {
                setTarget(e.target.value as PlanId | '');
                setShown(null);
              }}
            >
              <option value="">—</option>
              {PLAN_IDS.filter((id) => id !== data.plan.id).map((id) => (
                <option key={id} value={id}>
                  {nameOf(id)}
                </option>
              ))}
            </SelectField>
            <Button variant="secondary" onClick={onQuote} disabled={!target} loading={quoting}>
              {BILLING.getQuote}
            </Button>
          </div>
          {quoteError && !shown && <Alert tone="error">{errorDetail(quoteError) ?? BILLING.changeFailed}</Alert>}
          {shown && quote && (
            <div role="region" aria-label={BILLING.quoteTitle} className="space-y-3 rounded-lg border border-indigo-200 bg-indigo-50 p-4 dark:border-indigo-800 dark:bg-indigo-950">
              <h3 className="font-semibold text-slate-900 dark:text-white">
                {BILLING.quoteTitle}: {nameOf(shown.from_plan)} → {nameOf(shown.to_plan)}
              </h3>
              <QuoteSummary quote={shown} />
              <div className="flex gap-2">
                <Button onClick={onConfirm} loading={changing}>
                  {BILLING.confirm}
                </Button>
                <Button variant="secondary" onClick={() => setShown(null)}>
                  {BILLING.cancel}
                </Button>
              </div>
            </div>
          )}
          {data.changes.length > 0 && (
            <div>
              <h3 className="font-medium text-slate-900 dark:text-white">{BILLING.history}</h3>
              <ul className="mt-1 space-y-1">
                {data.changes.map((c) => (
                  <li key={c.created_at}>
                    {formatDay(c.created_at)} · {BILLING.historyRow(nameOf(c.from_plan), nameOf(c.to_plan))} ·{' '}
                    {c.kind === 'credit' ? `-${c.amount_text}` : c.amount_text}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </Card>
  );
}
