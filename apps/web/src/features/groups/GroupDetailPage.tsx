import { canDo, formatNumberTr, formatRelativeTimeTr } from '@seyir/domain';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { TimeSeriesChart } from '../../components/charts/TimeSeriesChart';
import { Pagination } from '../../components/Pagination';
import { Button, Card, EmptyState, PageSpinner, TextAreaField } from '../../components/ui';
import { formatDateTime, formatShortDay, lastDays, parseDateValue } from '../../lib/dates';
import { useNow } from '../../lib/useNow';
import { GROUP_DETAIL, GROUPS, LOGS } from '../../messages/app';
import { selectCurrentUser } from '../auth/authSlice';
import { EnvBadge, LevelBadge } from '../logs/LevelBadge';
import { LogTable } from '../logs/LogTable';
import { standingIn, useGetProjectQuery } from '../projects/projectsApi';
import { toastError, toastSuccess } from '../toasts/toastSlice';
import { errorDetail } from '../api/errors';
import {
  useAddGroupNoteMutation,
  useDeleteGroupMutation,
  useGetGroupLogsQuery,
  useGetGroupNotesQuery,
  useGetGroupQuery,
  useReprocessGroupMutation,
  useUpdateGroupStatusMutation,
} from './groupsApi';
import { GroupBadges } from './GroupsPage';
import { TagList } from './TagList';
import { groupUsers, type GroupStatus } from './types';
import type { LogEntry } from '../logs/types';
import { usePageTitle } from '../../lib/usePageTitle';

const OCCURRENCE_DAYS = 14;
const GROUP_LOGS_PAGE = 20;

/** Counts of the loaded logs per local day over the last `days` days. */
export function occurrencesPerDay(logs: LogEntry[], days: number, now: Date) {
  const buckets = lastDays(days, now);
  const counts = buckets.map(() => 0);
  for (const log of logs) {
    const t = parseDateValue(log.timestamp);
    if (!t) continue;
    for (let i = buckets.length - 1; i >= 0; i -= 1) {
      if (t >= buckets[i]!) {
        counts[i]! += 1;
        break;
      }
    }
  }
  return { buckets, counts };
}

function Notes({ projectId, groupId, canWrite }: { projectId: string; groupId: string; canWrite: boolean }) {
  const dispatch = useAppDispatch();
  const now = useNow();
  const { data: notes, isError } = useGetGroupNotesQuery({ projectId, groupId });
  const [addNote, { isLoading }] = useAddGroupNoteMutation();
  const [text, setText] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    try {
      await addNote({ projectId, groupId, text: text.trim() }).unwrap();
      setText('');
      dispatch(toastSuccess(GROUP_DETAIL.noteAdded));
    } catch (error) {
      dispatch(toastError(errorDetail(error) ?? GROUP_DETAIL.noteFailed));
    }
  };
  return (
    <Card as="section" aria-labelledby="group-notes">
      <h2 id="group-notes" className="mb-3 font-semibold text-slate-900 dark:text-white">
        {GROUP_DETAIL.notes}
      </h2>
      {isError ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{GROUP_DETAIL.notesUnavailable}</p>
      ) : !notes || notes.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{GROUP_DETAIL.noNotes}</p>
      ) : (
        <ul className="space-y-3">
          {notes.map((n) => (
            <li key={n._id} className="rounded-md bg-slate-50 p-3 text-sm dark:bg-slate-800">
              <p className="whitespace-pre-wrap text-slate-900 dark:text-slate-100">{n.text}</p>
              <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                {n.author?.username ?? n.username ?? ''} · {formatRelativeTimeTr(n.created_at, now)}
              </p>
            </li>
          ))}
        </ul>
      )}
      {canWrite && (
        <form onSubmit={(e) => void submit(e)} className="mt-4 space-y-2">
          <TextAreaField label={GROUP_DETAIL.noteLabel} placeholder={GROUP_DETAIL.notePlaceholder} rows={3} value={text} onChange={(e) => setText(e.target.value)} />
          <Button type="submit" size="sm" loading={isLoading} disabled={!text.trim()}>
            {GROUP_DETAIL.addNote}
          </Button>
        </form>
      )}
    </Card>
  );
}

export default function GroupDetailPage() {
  usePageTitle(GROUPS.title);
  const { projectId = '', groupId = '' } = useParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const now = useNow();
  const user = useAppSelector(selectCurrentUser);
  const { data: project } = useGetProjectQuery(projectId);
  const standing = standingIn(project, user);
  const { data: group, isLoading, isError } = useGetGroupQuery({ projectId, groupId });
  const [skip, setSkip] = useState(0);
  const logs = useGetGroupLogsQuery({ projectId, groupId, skip, limit: GROUP_LOGS_PAGE });
  const recent = useGetGroupLogsQuery({ projectId, groupId, skip: 0, limit: 500 });
  const [updateStatus] = useUpdateGroupStatusMutation();
  const [reprocess, reprocessing] = useReprocessGroupMutation();
  const [deleteGroup] = useDeleteGroupMutation();

  useEffect(() => {
    if (isError) dispatch(toastError(GROUP_DETAIL.loadFailed));
  }, [isError, dispatch]);

  const chart = useMemo(() => {
    const { buckets, counts } = occurrencesPerDay(recent.data?.items ?? [], OCCURRENCE_DAYS, new Date());
    return { times: buckets, series: [{ label: GROUPS.count, color: '#6366f1', values: counts }] };
  }, [recent.data]);

  const setStatus = async (status: GroupStatus) => {
    try {
      await updateStatus({ projectId, groupId, status }).unwrap();
      dispatch(toastSuccess(GROUP_DETAIL.statusUpdated));
    } catch (error) {
      dispatch(toastError(errorDetail(error) ?? GROUP_DETAIL.statusFailed));
    }
  };
  const onReprocess = async () => {
    try {
      await reprocess({ projectId, groupId }).unwrap();
      dispatch(toastSuccess(GROUP_DETAIL.reprocessed));
    } catch (error) {
      dispatch(toastError(errorDetail(error) ?? GROUP_DETAIL.reprocessFailed));
    }
  };
  const onDelete = async () => {
    if (!window.confirm(GROUP_DETAIL.deleteConfirm)) return;
    try {
      await deleteGroup({ projectId, groupId }).unwrap();
      dispatch(toastSuccess(GROUP_DETAIL.deleted));
      navigate(`/projects/${projectId}/groups`);
    } catch (error) {
      dispatch(toastError(errorDetail(error) ?? GROUP_DETAIL.deleteFailed));
    }
  };

  const back = (
    <Link to={`/projects/${projectId}/groups`} className="mb-4 inline-block text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300">
      ← {GROUP_DETAIL.back}
    </Link>
  );
  if (isLoading) return <PageSpinner />;
  if (!group) return <>{back}<EmptyState title={GROUP_DETAIL.loadFailed} /></>;

  const status = group.status ?? 'unresolved';
  const canWrite = canDo(standing, 'groups:write');
  return (
    <>
      {back}
      <Card className="mb-4">
        <div className="flex flex-wrap items-center gap-2">
          <LevelBadge level={group.level} />
          <EnvBadge environment={group.environment} />
          <GroupBadges group={group} />
        </div>
        <h1 className="mt-3 text-lg font-semibold break-words text-slate-900 dark:text-white">{group.sample_message}</h1>
        <dl className="mt-4 grid grid-cols-2 gap-4 text-sm sm:grid-cols-3 lg:grid-cols-6">
          <div><dt className="text-slate-500 dark:text-slate-400">{GROUPS.count}</dt><dd className="font-semibold tabular-nums">{formatNumberTr(group.count)}</dd></div>
          <div><dt className="text-slate-500 dark:text-slate-400">{GROUP_DETAIL.usersAffected}</dt><dd className="font-semibold tabular-nums">{formatNumberTr(groupUsers(group))}</dd></div>
          <div><dt className="text-slate-500 dark:text-slate-400">{GROUPS.lastSeen}</dt><dd title={formatDateTime(group.last_seen)}>{formatRelativeTimeTr(group.last_seen, now)}</dd></div>
          <div><dt className="text-slate-500 dark:text-slate-400">{GROUPS.firstSeen}</dt><dd title={formatDateTime(group.first_seen)}>{formatRelativeTimeTr(group.first_seen, now)}</dd></div>
          <div><dt className="text-slate-500 dark:text-slate-400">{GROUP_DETAIL.status}</dt><dd>{GROUPS.statuses[status]}</dd></div>
          <div><dt className="text-slate-500 dark:text-slate-400">{GROUPS.tags}</dt><dd><TagList tags={group.tags} max={10} /></dd></div>
        </dl>
        {canWrite && (
          <div className="mt-4 flex flex-wrap gap-2" role="group" aria-label={GROUP_DETAIL.status}>
            {status !== 'resolved' && <Button size="sm" onClick={() => void setStatus('resolved')}>{GROUP_DETAIL.resolve}</Button>}
            {status !== 'ignored' && <Button size="sm" variant="secondary" onClick={() => void setStatus('ignored')}>{GROUP_DETAIL.ignore}</Button>}
            {status !== 'unresolved' && <Button size="sm" variant="secondary" onClick={() => void setStatus('unresolved')}>{GROUP_DETAIL.reopen}</Button>}
            <Button size="sm" variant="ghost" loading={reprocessing.isLoading} onClick={() => void onReprocess()}>{GROUP_DETAIL.reprocess}</Button>
            {canDo(standing, 'project:update') && <Button size="sm" variant="danger" onClick={() => void onDelete()}>{GROUP_DETAIL.deleteGroup}</Button>}
          </div>
        )}
      </Card>
      <div className="mb-4 grid gap-4 lg:grid-cols-3">
        <Card as="section" aria-labelledby="group-occurrences" className="lg:col-span-2">
          <h2 id="group-occurrences" className="font-semibold text-slate-900 dark:text-white">{GROUP_DETAIL.occurrences}</h2>
          <p className="mb-3 text-xs text-slate-500 dark:text-slate-400">{GROUP_DETAIL.occurrencesDescription}</p>
          <TimeSeriesChart times={chart.times} series={chart.series} stacked bars height={200} />
          <p className="sr-only">
            {chart.times.map((t, i) => `${formatShortDay(t)}: ${chart.series[0]!.values[i] ?? 0}`).join(', ')}
          </p>
        </Card>
        <Notes projectId={projectId} groupId={groupId} canWrite={canDo(standing, 'notes:write')} />
      </div>
      <section aria-labelledby="group-logs">
        <h2 id="group-logs" className="mb-3 font-semibold text-slate-900 dark:text-white">{GROUP_DETAIL.logs}</h2>
        {logs.data && logs.data.items.length > 0 ? (
          <>
            <LogTable logs={logs.data.items} caption={GROUP_DETAIL.logs} projectId={projectId} />
            <Pagination skip={skip} limit={GROUP_LOGS_PAGE} total={logs.data.total} shown={logs.data.items.length} onChange={setSkip} />
          </>
        ) : (
          <EmptyState title={LOGS.empty} />
        )}
      </section>
    </>
  );
}
