import { Badge, EmptyState, PageSpinner } from '../../components/ui';
import { formatDateTime } from '../../lib/dates';
import { ALERTS } from '../../messages/app';
import { useGetAlertDeliveriesQuery } from './alertsApi';

const STATUS_CLASS = {
  pending: 'bg-amber-100 text-amber-800 dark:bg-amber-900 dark:text-amber-100',
  sent: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100',
  failed: 'bg-red-100 text-red-800 dark:bg-red-900 dark:text-red-100',
} as const;

/** A rule's last 50 deliveries (admins only; the server refuses others). */
export function DeliveryLog({ projectId, alertId, name }: { projectId: string; alertId: string; name: string }) {
  const { data, isLoading } = useGetAlertDeliveriesQuery({ projectId, alertId });
  if (isLoading) return <PageSpinner />;
  if (!data || data.length === 0) return <EmptyState title={ALERTS.deliveriesEmpty} />;
  return (
    <div role="region" aria-label={ALERTS.deliveriesTitle(name)} tabIndex={0} className="overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
      <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-700">
        <caption className="sr-only">{ALERTS.deliveriesTitle(name)}</caption>
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:bg-slate-800 dark:text-slate-300">
          <tr>
            <th scope="col" className="px-3 py-2">{ALERTS.time}</th>
            <th scope="col" className="px-3 py-2">{ALERTS.kind}</th>
            <th scope="col" className="px-3 py-2">{ALERTS.channel}</th>
            <th scope="col" className="hidden px-3 py-2 md:table-cell">{ALERTS.target}</th>
            <th scope="col" className="px-3 py-2">{ALERTS.status}</th>
            <th scope="col" className="px-3 py-2">{ALERTS.attempts}</th>
            <th scope="col" className="hidden px-3 py-2 md:table-cell">{ALERTS.error}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {data.map((d) => (
            <tr key={d.id} data-testid="delivery-row">
              <td className="px-3 py-2 whitespace-nowrap text-slate-600 dark:text-slate-300">{formatDateTime(d.created_at)}</td>
              <td className="px-3 py-2" title={d.title}>{ALERTS.deliveryKinds[d.kind]}</td>
              <td className="px-3 py-2">{ALERTS.channelLabels[d.channel]}</td>
              <td className="hidden px-3 py-2 break-all md:table-cell">{d.target}</td>
              <td className="px-3 py-2">
                <Badge className={STATUS_CLASS[d.status]}>{ALERTS.deliveryStatuses[d.status]}</Badge>
              </td>
              <td className="px-3 py-2">{d.attempts}</td>
              <td className="hidden px-3 py-2 text-red-700 md:table-cell dark:text-red-300">{d.error ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
