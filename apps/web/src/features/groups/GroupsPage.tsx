import { formatNumberTr, formatRelativeTimeTr, LEVEL_LABELS, LOG_LEVELS } from '@seyir/domain';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { Pagination } from '../../components/Pagination';
import { Alert, Badge, Button, Card, EmptyState, PageHeader, PageSpinner, SelectField, StatCard } from '../../components/ui';
import { useNow } from '../../lib/useNow';
import { GROUPS, LOGS } from '../../messages/app';
import { errorDetail } from '../api/errors';
import { EnvBadge, LevelBadge } from '../logs/LevelBadge';
import { useGetLogFieldsQuery } from '../logs/logsApi';
import { QueryBox } from '../logs/QueryBox';
import { useQueryCheck } from '../logs/useQueryCheck';
import { useGetProjectQuery } from '../projects/projectsApi';
import { toastError } from '../toasts/toastSlice';
import { useGetGroupsQuery, useGetGroupsSummaryQuery } from './groupsApi';
import { TagList } from './TagList';
import { GROUP_DAY_OPTIONS, GROUP_SORT_FIELDS, GROUPS_PAGE_SIZE, groupUsers, type GroupSortField, type LogGroup } from './types';

interface GroupFilters {
  /** The search language, groups scope (`status:unresolved`, `tags:x`, …). */
  q: string;
  environment: string;
  level: string;
  days: number;
  sort_by: GroupSortField;
  sort_order: 'asc' | 'desc';
}

const DEFAULT_FILTERS: GroupFilters = { q: '', environment: '', level: '', days: 7, sort_by: 'last_seen', sort_order: 'desc' };

/** The applied filters from the address (a shared link opens the same list); unknown values read as defaults. */
function readGroupFilters(params: URLSearchParams): GroupFilters {
  const days = Number(params.get('days'));
  const sortBy = params.get('sort_by') as GroupSortField | null;
  return {
    q: params.get('q') ?? '',
    environment: params.get('environment') ?? '',
    level: params.get('level') ?? '',
    days: (GROUP_DAY_OPTIONS as readonly number[]).includes(days) ? days : DEFAULT_FILTERS.days,
    sort_by: sortBy && GROUP_SORT_FIELDS.includes(sortBy) ? sortBy : DEFAULT_FILTERS.sort_by,
    sort_order: params.get('sort_order') === 'asc' ? 'asc' : 'desc',
  };
}

/** The address's search part for filters and a page: only what differs from the defaults. */
function groupFiltersParams(filters: GroupFilters, skip: number): URLSearchParams {
  const next = new URLSearchParams();
  for (const key of Object.keys(DEFAULT_FILTERS) as (keyof GroupFilters)[]) {
    const value = String(filters[key]).trim();
    if (value && value !== String(DEFAULT_FILTERS[key])) next.set(key, value);
  }
  if (skip > 0) next.set('skip', String(skip));
  return next;
}

/** Row markers: high severity shows the priority badge, `is_recent` reads 'Aktif' (§2). */
export function GroupBadges({ group }: { group: LogGroup }) {
  return (
    <>
      {group.severity === 'high' && <Badge className="bg-red-600 text-white dark:bg-red-500 dark:text-slate-950">{GROUPS.highPriority}</Badge>}
      {group.is_recent && <Badge className="bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100">{GROUPS.active}</Badge>}
      {group.status && group.status !== 'unresolved' && <Badge>{GROUPS.statuses[group.status]}</Badge>}
    </>
  );
}

export function GroupsTable({ groups, projectId, now }: { groups: LogGroup[]; projectId: string; now: number }) {
  const navigate = useNavigate();
  return (
    <div role="region" aria-label={GROUPS.title} tabIndex={0} className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
      <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-700">
        <caption className="sr-only">{GROUPS.title}</caption>
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:bg-slate-800 dark:text-slate-300">
          <tr>
            <th scope="col" className="px-3 py-2">{GROUPS.message}</th>
            <th scope="col" className="px-3 py-2">{LOGS.level}</th>
            <th scope="col" className="hidden px-3 py-2 md:table-cell">{LOGS.environment}</th>
            <th scope="col" className="hidden px-3 py-2 lg:table-cell">{GROUPS.tags}</th>
            <th scope="col" className="px-3 py-2 text-right">{GROUPS.count}</th>
            <th scope="col" className="hidden px-3 py-2 text-right md:table-cell">{GROUPS.users}</th>
            <th scope="col" className="px-3 py-2 whitespace-nowrap">{GROUPS.lastSeen}</th>
            <th scope="col" className="hidden px-3 py-2 whitespace-nowrap xl:table-cell">{GROUPS.firstSeen}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {groups.map((g) => {
            const to = `/projects/${projectId}/groups/${g._id}`;
            return (
              <tr key={g._id} data-testid="group-row" className="cursor-pointer hover:bg-slate-50 dark:hover:bg-slate-800/60" onClick={() => navigate(to)}>
                <td className="max-w-md px-3 py-2">
                  <Link to={to} onClick={(e) => e.stopPropagation()} className="line-clamp-2 break-words text-slate-900 hover:underline dark:text-slate-100">
                    {g.sample_message}
                  </Link>
                  <div className="mt-1 flex flex-wrap gap-1">
                    <GroupBadges group={g} />
                  </div>
                </td>
                <td className="px-3 py-2"><LevelBadge level={g.level} /></td>
                <td className="hidden px-3 py-2 md:table-cell"><EnvBadge environment={g.environment} /></td>
                <td className="hidden px-3 py-2 lg:table-cell"><TagList tags={g.tags} /></td>
                <td className="px-3 py-2 text-right tabular-nums">{formatNumberTr(g.count)}</td>
                <td className="hidden px-3 py-2 text-right tabular-nums md:table-cell">{formatNumberTr(groupUsers(g))}</td>
                <td className="px-3 py-2 whitespace-nowrap text-slate-600 dark:text-slate-300">{formatRelativeTimeTr(g.last_seen, now)}</td>
                <td className="hidden px-3 py-2 whitespace-nowrap text-slate-600 xl:table-cell dark:text-slate-300">{formatRelativeTimeTr(g.first_seen, now)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export default function GroupsPage() {
  const { projectId = '' } = useParams();
  const dispatch = useAppDispatch();
  const now = useNow();
  const { data: project } = useGetProjectQuery(projectId);
  const [params, setParams] = useSearchParams();
  const applied = useMemo(() => readGroupFilters(params), [params]);
  const skip = Math.max(0, Number(params.get('skip')) || 0);
  const [draft, setDraft] = useState<GroupFilters>(applied);
  useEffect(() => setDraft(applied), [applied]);
  const groups = useGetGroupsQuery({ projectId, ...applied, skip, limit: GROUPS_PAGE_SIZE });
  const summary = useGetGroupsSummaryQuery({ projectId, environment: applied.environment, days: applied.days });
  // Suggestions (tag values) once the list is in: the embedded database answers one query at a time.
  const { data: fieldData } = useGetLogFieldsQuery(projectId, { skip: !groups.data });
  // A refused query (422) shows under the search box rather than as a toast.
  const queryRefused = groups.isError && !!applied.q && (groups.error as { status?: unknown } | undefined)?.status === 422;
  const query = useQueryCheck(draft.q, applied.q, 'groups', queryRefused ? errorDetail(groups.error) : undefined);

  useEffect(() => {
    if (groups.isError && !queryRefused) dispatch(toastError(GROUPS.loadFailed));
  }, [groups.isError, queryRefused, dispatch]);

  const show = (filters: GroupFilters, nextSkip: number) => setParams(groupFiltersParams(filters, nextSkip));
  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (query.check()) show(draft, 0);
  };
  const s = summary.data?.summary;
  const n = (v: number | undefined) => (v === undefined ? '—' : formatNumberTr(v));
  return (
    <>
      <PageHeader title={GROUPS.title} subtitle={project?.name} />
      <div className="mb-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label={GROUPS.totalGroups} value={n(s?.total_groups)} />
        <StatCard label={GROUPS.activeGroups} value={n(s?.active_groups)} tone="sky" />
        <StatCard label={GROUPS.errorGroups} value={n(s?.error_groups)} tone="red" />
        <StatCard label={GROUPS.totalLogs} value={n(s?.total_logs)} tone="amber" />
      </div>
      <Card className="mb-4">
        <form onSubmit={apply} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5" role="search" aria-label={GROUPS.filters}>
          <div className="sm:col-span-2 lg:col-span-5">
            <QueryBox
              scope="groups"
              value={draft.q}
              onChange={(q) => setDraft((d) => ({ ...d, q }))}
              fields={fieldData?.fields ?? []}
              environments={project?.environments ?? []}
              error={query.error}
            />
          </div>
          <SelectField label={LOGS.environment} value={draft.environment} onChange={(e) => setDraft({ ...draft, environment: e.target.value })}>
            <option value="">{LOGS.all}</option>
            {(project?.environments ?? []).map((env) => (
              <option key={env} value={env}>{env}</option>
            ))}
          </SelectField>
          <SelectField label={LOGS.level} value={draft.level} onChange={(e) => setDraft({ ...draft, level: e.target.value })}>
            <option value="">{LOGS.all}</option>
            {LOG_LEVELS.map((l) => (
              <option key={l} value={l}>{LEVEL_LABELS[l]}</option>
            ))}
          </SelectField>
          <SelectField label={GROUPS.days} value={draft.days} onChange={(e) => setDraft({ ...draft, days: Number(e.target.value) })}>
            {GROUP_DAY_OPTIONS.map((d) => (
              <option key={d} value={d}>{GROUPS.daysOption(d)}</option>
            ))}
          </SelectField>
          <SelectField label={GROUPS.sortBy} value={draft.sort_by} onChange={(e) => setDraft({ ...draft, sort_by: e.target.value as GroupSortField })}>
            {GROUP_SORT_FIELDS.map((f) => (
              <option key={f} value={f}>{GROUPS.sortFields[f]}</option>
            ))}
          </SelectField>
          <SelectField label={GROUPS.sortOrder} value={draft.sort_order} onChange={(e) => setDraft({ ...draft, sort_order: e.target.value as 'asc' | 'desc' })}>
            <option value="desc">{GROUPS.orders.desc}</option>
            <option value="asc">{GROUPS.orders.asc}</option>
          </SelectField>
          <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-5">
            <Button type="submit">{LOGS.apply}</Button>
            <Button
              variant="secondary"
              onClick={() => {
                setDraft(DEFAULT_FILTERS);
                query.reset();
                show(DEFAULT_FILTERS, 0);
              }}
            >
              {LOGS.clear}
            </Button>
          </div>
        </form>
      </Card>
      {groups.isLoading ? (
        <PageSpinner />
      ) : groups.data && groups.data.items.length > 0 ? (
        <>
          <GroupsTable groups={groups.data.items} projectId={projectId} now={now} />
          <Pagination skip={skip} limit={GROUPS_PAGE_SIZE} hasMore={groups.data.pagination?.has_more ?? false} total={groups.data.total} shown={groups.data.items.length} onChange={(next) => show(applied, next)} />
        </>
      ) : (
        <EmptyState title={GROUPS.empty} />
      )}
      <Alert tone="info" className="mt-6">
        <p className="font-semibold">{GROUPS.infoTitle}</p>
        <p className="mt-1">{GROUPS.infoText}</p>
      </Alert>
    </>
  );
}
