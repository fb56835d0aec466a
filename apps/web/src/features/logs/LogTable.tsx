import { Link, useNavigate } from 'react-router-dom';
import { formatDateTime } from '../../lib/dates';
import { LOGS } from '../../messages/app';
import { EnvBadge, LevelBadge } from './LevelBadge';
import { columnLabel, formatFieldValue, tableColumns } from './logColumns';
import type { LogEntry } from './types';

const HEAD = 'px-3 py-2';
const MUTED = 'px-3 py-2 text-slate-600 dark:text-slate-300';

/** One cell of a row; `to` is the log's detail address. */
function LogCell({ column, log, to, projectId }: { column: string; log: LogEntry; to: string; projectId: string | undefined }) {
  switch (column) {
    case 'timestamp':
      return <td className="px-3 py-2 whitespace-nowrap text-slate-600 tabular-nums dark:text-slate-300">{formatDateTime(log.timestamp)}</td>;
    case 'level':
      return <td className="px-3 py-2"><LevelBadge level={log.level} /></td>;
    case 'environment':
      return <td className="px-3 py-2"><EnvBadge environment={log.environment} /></td>;
    case 'message':
      return (
        <td className="max-w-xl px-3 py-2">
          <Link to={to} onClick={(e) => e.stopPropagation()} className="line-clamp-2 break-words text-slate-900 hover:underline dark:text-slate-100">
            {log.message}
          </Link>
        </td>
      );
    case 'host':
      return <td className={`hidden lg:table-cell ${MUTED}`}>{log.host || '—'}</td>;
    case 'tags':
      return <td className={MUTED}>{log.tags?.length ? log.tags.join(', ') : '—'}</td>;
    case 'group':
      return (
        <td className={`${MUTED} font-mono text-xs`}>
          {log.group_id ? (
            <Link to={`/projects/${log.project_id ?? projectId}/groups/${log.group_id}`} onClick={(e) => e.stopPropagation()} aria-label={LOGS.openGroup(log.group_id)} className="hover:underline">
              {log.group_id.slice(0, 8)}
            </Link>
          ) : (
            '—'
          )}
        </td>
      );
    default:
      return (
        <td className={`max-w-xs ${MUTED}`} data-column={column}>
          <span className="line-clamp-2 font-mono text-xs break-all">{formatFieldValue(log.fields?.[column])}</span>
        </td>
      );
  }
}

/**
 * Logs as a table; a click anywhere on a row opens the detail, and the message is a real link
 * so the keyboard reaches it too. With a saved view's `columns`, those columns in that order
 * (custom fields read from each log's `fields`, which the list was asked for).
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
  /** A saved view's columns: built-in names and custom keys such as `metadata.user_id`. */
  columns?: readonly string[] | undefined;
}) {
  const navigate = useNavigate();
  const shown = tableColumns(columns).filter((c) => columns || showHost || c !== 'host');
  return (
    <div role="region" aria-label={caption} tabIndex={0} className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
      <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-700">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:bg-slate-800 dark:text-slate-300">
          <tr>
            {shown.map((c) => (
              <th key={c} scope="col" className={c === 'host' ? `hidden lg:table-cell ${HEAD}` : c === 'timestamp' ? `${HEAD} whitespace-nowrap` : HEAD}>
                {c.includes('.') ? <span className="font-mono normal-case">{columnLabel(c)}</span> : columnLabel(c)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {logs.map((log) => {
            const to = `/projects/${log.project_id ?? projectId}/logs/${log._id}`;
            return (
              <tr key={log._id} data-testid="log-row" className="cursor-pointer hover:bg-slate-50 dark:hover:bg-slate-800/60" onClick={() => navigate(to)}>
                {shown.map((c) => (
                  <LogCell key={c} column={c} log={log} to={to} projectId={projectId} />
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
