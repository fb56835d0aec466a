import { useNavigate } from 'react-router-dom';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../lib/dates';
import { LOGS } from '../../messages/app';
import { EnvBadge, LevelBadge } from './LevelBadge';
import type { LogEntry } from './types';

/**
 * Logs as a table; a click anywhere on a row opens the detail, and the message is a real link
 * so the keyboard reaches it too.
 */
export function LogTable({
  logs,
  caption,
  showHost = true,
  projectId,
  columns,
}: {
  logs: LogEntry[];
  caption: string;
  showHost?: boolean;
  projectId?: string;
  /** A saved view's columns: time, level and message always show; environment, host and tags when listed. */
  columns?: readonly string[] | undefined;
}) {
  const navigate = useNavigate();
  const showEnv = !columns || columns.includes('environment');
  const withHost = columns ? columns.includes('host') : showHost;
  const showTags = !!columns?.includes('tags');
  return (
    <div role="region" aria-label={caption} tabIndex={0} className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
      <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-700">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:bg-slate-800 dark:text-slate-300">
          <tr>
            <th scope="col" className="px-3 py-2 whitespace-nowrap">{LOGS.time}</th>
            <th scope="col" className="px-3 py-2">{LOGS.level}</th>
            {showEnv && <th scope="col" className="px-3 py-2">{LOGS.environment}</th>}
            <th scope="col" className="px-3 py-2">{LOGS.message}</th>
            {withHost && <th scope="col" className="hidden px-3 py-2 lg:table-cell">{LOGS.host}</th>}
            {showTags && <th scope="col" className="px-3 py-2">{LOGS.tags}</th>}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {logs.map((log) => {
            const to = `/projects/${log.project_id ?? projectId}/logs/${log._id}`;
            return (
              <tr key={log._id} data-testid="log-row" className="cursor-pointer hover:bg-slate-50 dark:hover:bg-slate-800/60" onClick={() => navigate(to)}>
                <td className="px-3 py-2 whitespace-nowrap text-slate-600 tabular-nums dark:text-slate-300">{formatDateTime(log.timestamp)}</td>
                <td className="px-3 py-2"><LevelBadge level={log.level} /></td>
                {showEnv && <td className="px-3 py-2"><EnvBadge environment={log.environment} /></td>}
                <td className="max-w-xl px-3 py-2">
                  <Link to={to} onClick={(e) => e.stopPropagation()} className="line-clamp-2 break-words text-slate-900 hover:underline dark:text-slate-100">
                    {log.message}
                  </Link>
                </td>
                {withHost && <td className="hidden px-3 py-2 text-slate-600 lg:table-cell dark:text-slate-300">{log.host ?? '—'}</td>}
                {showTags && <td className="px-3 py-2 text-slate-600 dark:text-slate-300">{log.tags?.length ? log.tags.join(', ') : '—'}</td>}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
