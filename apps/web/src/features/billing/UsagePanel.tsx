import { formatNumberTr, formatShareTr } from '@seyir/domain';
import { Alert, Card, Spinner, StatCard } from '../../components/ui';
import { COMMON } from '../../messages';
import { BILLING } from '../../messages/app';
import { useGetUsageQuery } from './billingApi';

/** This month's logs against the plan's quota, the overage and its fee (rule stated under it). */
export function UsagePanel() {
  const { data, isLoading, isError } = useGetUsageQuery();
  const used = data ? Math.min(100, data.percentUsed) : 0;
  return (
    <Card as="section" aria-labelledby="usage-section">
      <h2 id="usage-section" className="mb-4 text-lg font-semibold text-slate-900 dark:text-white">
        {BILLING.usageSection}
      </h2>
      {isLoading && <Spinner label={COMMON.loading} />}
      {isError && <Alert tone="error">{BILLING.usageFailed}</Alert>}
      {data && (
        <div className="space-y-4">
          <div className="grid gap-3 sm:grid-cols-2">
            <StatCard label={BILLING.usageLogs} value={formatNumberTr(data.logs)} tone="indigo" />
            <StatCard label={BILLING.usageQuota} value={formatNumberTr(data.quota)} tone="sky" />
            <StatCard label={BILLING.usageOverage} value={formatNumberTr(data.overageLogs)} tone={data.overageLogs > 0 ? 'amber' : 'sky'} />
            <StatCard label={BILLING.usageFee} value={BILLING.lira(formatNumberTr(data.overageFee))} tone={data.overageFee > 0 ? 'red' : 'sky'} />
          </div>
          <div>
            <div
              role="progressbar"
              aria-label={BILLING.usagePercent(formatShareTr(data.logs, data.quota))}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={used}
              className="h-2 overflow-hidden rounded bg-slate-200 dark:bg-slate-700"
            >
              <div className={data.percentUsed >= 100 ? 'h-2 bg-red-600' : data.percentUsed >= 80 ? 'h-2 bg-amber-500' : 'h-2 bg-indigo-600'} style={{ width: `${used}%` }} />
            </div>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{BILLING.usagePercent(formatShareTr(data.logs, data.quota))}</p>
          </div>
          <p className="text-xs text-slate-500 dark:text-slate-400">{data.rule}</p>
        </div>
      )}
    </Card>
  );
}
