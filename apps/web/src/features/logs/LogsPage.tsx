import { formatNumberTr, LEVEL_LABELS, LOG_LEVELS, type FieldSummary } from '@seyir/domain';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { Pagination } from '../../components/Pagination';
import { Button, Card, EmptyState, PageHeader, PageSpinner, SelectField, StatCard } from '../../components/ui';
import { errorDetail } from '../api/errors';
import { ViewBar } from '../views/ViewBar';
import { useGetViewsQuery, viewHref } from '../views/viewsApi';
import { DateTimeField } from '../../components/DateTimeField';
import { localInputToIso, toLocalInput } from '../../lib/dates';
import { LOGS } from '../../messages/app';
import { useGetProjectQuery } from '../projects/projectsApi';
import { toastError } from '../toasts/toastSlice';
import { useGetLogFieldsQuery, useGetLogsQuery } from './logsApi';
import { extraFieldsParam } from './logColumns';
import { LogTable } from './LogTable';
import { QueryBox } from './QueryBox';
import { useQueryCheck } from './useQueryCheck';
import { LOGS_PAGE_SIZE, type LogFilters } from './types';

const FILTER_KEYS = ['level', 'environment', 'q', 'start_time', 'end_time'] as const;
const EMPTY_FILTERS: LogFilters = { level: '', environment: '', q: '', start_time: '', end_time: '' };

/** The applied filters from the address; an old link's plain `search` reads as a query. */
function readFilters(params: URLSearchParams): LogFilters {
  const out = { ...EMPTY_FILTERS };
  for (const key of FILTER_KEYS) out[key] = params.get(key) ?? '';
  if (!out.q) out.q = params.get('search') ?? '';
  // A shared link may carry any ISO instant; the fields work in local time to the minute.
  out.start_time = toLocalInput(out.start_time);
  out.end_time = toLocalInput(out.end_time);
  return out;
}

interface FiltersFormProps {
  applied: LogFilters;
  environments: string[];
  fields: readonly FieldSummary[];
  /** The server's answer to the applied query, when it refused it. */
  serverError?: string | undefined;
  onApply(f: LogFilters): void;
}

/**
 * §4 filters: drafted here, applied by the button or Enter, which resets paging; Clear resets
 * all. The query is parsed as it is typed; once a submit found it wrong, the error (position and
 * reason) shows until it is fixed, and a wrong query is never sent.
 */
function LogFiltersForm({ applied, environments, fields, serverError, onApply }: FiltersFormProps) {
  const [draft, setDraft] = useState<LogFilters>(applied);
  // Clear starts the date fields afresh, even when what they hold was never a date.
  const [cleared, setCleared] = useState(0);
  useEffect(() => setDraft(applied), [applied]);
  const set = (key: keyof LogFilters, value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const query = useQueryCheck(draft.q, applied.q, 'logs', serverError);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (query.check()) onApply(draft);
  };
  return (
    <Card as="section" aria-labelledby="log-filters-title" className="mb-4">
      <h2 id="log-filters-title" className="sr-only">
        {LOGS.filters}
      </h2>
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6" role="search">
        <div className="sm:col-span-2 lg:col-span-6">
          <QueryBox value={draft.q} onChange={(q) => set('q', q)} fields={fields} environments={environments} error={query.error} />
        </div>
        <SelectField label={LOGS.level} value={draft.level} onChange={(e) => set('level', e.target.value)}>
          <option value="">{LOGS.all}</option>
          {LOG_LEVELS.map((l) => (
            <option key={l} value={l}>
              {LEVEL_LABELS[l]}
            </option>
          ))}
        </SelectField>
        <SelectField label={LOGS.environment} value={draft.environment} onChange={(e) => set('environment', e.target.value)}>
          <option value="">{LOGS.all}</option>
          {environments.map((env) => (
            <option key={env} value={env}>
              {env}
            </option>
          ))}
        </SelectField>
        <div className="lg:col-span-2">
          <DateTimeField key={`start-${cleared}`} label={LOGS.startTime} value={draft.start_time} onChange={(v) => set('start_time', v)} />
        </div>
        <div className="lg:col-span-2">
          <DateTimeField key={`end-${cleared}`} label={LOGS.endTime} value={draft.end_time} onChange={(v) => set('end_time', v)} />
        </div>
        <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-6">
          <Button type="submit">{LOGS.apply}</Button>
          <Button
            variant="secondary"
            onClick={() => {
              setDraft(EMPTY_FILTERS);
              setCleared((n) => n + 1);
              query.reset();
              onApply(EMPTY_FILTERS);
            }}
          >
            {LOGS.clear}
          </Button>
        </div>
      </form>
    </Card>
  );
}

export default function LogsPage() {
  const { projectId = '' } = useParams();
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const applied = useMemo(() => readFilters(params), [params]);
  const skip = Math.max(0, Number(params.get('skip')) || 0);
  const viewId = params.get('view') ?? '';
  const navigate = useNavigate();
  const { data: project } = useGetProjectQuery(projectId);
  const { data: views, isLoading: viewsLoading } = useGetViewsQuery(projectId);
  const activeView = views?.find((v) => v.id === viewId);
  const args = {
    projectId,
    skip,
    limit: LOGS_PAGE_SIZE,
    ...applied,
    start_time: localInputToIso(applied.start_time),
    end_time: localInputToIso(applied.end_time),
    fields: extraFieldsParam(activeView?.columns),
  };
  // The list is asked for first, and the search suggestions only once it is in: the embedded
  // database answers one query at a time, and the table is what the user waits for. An open
  // view's columns decide which fields the list carries, so its list waits for the views.
  const { data, isLoading, isFetching, isError, error, refetch } = useGetLogsQuery(args, { skip: !!viewId && viewsLoading });
  const { data: fieldData } = useGetLogFieldsQuery(projectId, { skip: !data });
  const canWrite = !!project && project.my_role !== 'viewer';
  // A refused query (422) shows under the search box rather than as a toast.
  const queryRefused = isError && !!applied.q && (error as { status?: unknown } | undefined)?.status === 422;

  useEffect(() => {
    if (isError && !queryRefused) dispatch(toastError(LOGS.loadFailed));
  }, [isError, queryRefused, dispatch]);

  const update = (filters: LogFilters, nextSkip: number, keepView = true) => {
    const next = new URLSearchParams();
    for (const key of FILTER_KEYS) if (filters[key].trim()) next.set(key, filters[key].trim());
    if (nextSkip > 0) next.set('skip', String(nextSkip));
    if (keepView && viewId) next.set('view', viewId);
    setParams(next);
  };

  // The cards count the same filters as the list (the list answer's `counts`), live with it.
  const counts = data?.counts;
  // A searched count stops at a cap: its figures are then lower bounds ("1.000+").
  const card = (n: number | undefined) => (n === undefined ? '—' : `${formatNumberTr(n)}${data?.total_is_estimate ? '+' : ''}`);

  return (
    <>
      <PageHeader title={LOGS.title} subtitle={project?.name} />
      <div className="mb-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label={LOGS.totalCard} value={card(counts?.total)} />
        <StatCard label={LOGS.errorCard} value={card(counts?.error)} tone="red" />
        <StatCard label={LOGS.warningCard} value={card(counts?.warning)} tone="amber" />
        <StatCard label={LOGS.infoCard} value={card(counts?.info)} tone="sky" />
      </div>
      <LogFiltersForm
        applied={applied}
        environments={project?.environments ?? []}
        fields={fieldData?.fields ?? []}
        serverError={queryRefused ? errorDetail(error) : undefined}
        onApply={(f) => update(f, 0)}
      />
      <ViewBar
        projectId={projectId}
        query={applied.q}
        activeView={activeView}
        canWrite={canWrite}
        fields={fieldData?.fields ?? []}
        onSaved={(view) => navigate(viewHref(projectId, view))}
        onDeleted={() => update(applied, 0, false)}
      />
      {data && data.pending > 0 && (
        <div role="status" className="mb-3 flex items-center justify-between gap-3 rounded-md border border-indigo-200 bg-indigo-50 px-4 py-2 text-sm text-indigo-900 dark:border-indigo-800 dark:bg-indigo-950 dark:text-indigo-100">
          <span>{LOGS.newLogs(data.pending)}</span>
          <Button size="sm" onClick={() => (skip > 0 ? update(applied, 0) : void refetch())}>
            {LOGS.showNew}
          </Button>
        </div>
      )}
      {isLoading || (!!viewId && viewsLoading) ? (
        <PageSpinner />
      ) : data && data.items.length > 0 ? (
        <div aria-busy={isFetching || undefined}>
          <LogTable logs={data.items} caption={LOGS.tableCaption} projectId={projectId} columns={activeView?.columns} />
          <Pagination skip={skip} limit={LOGS_PAGE_SIZE} total={data.total} totalIsEstimate={data.total_is_estimate} shown={data.items.length} onChange={(s) => update(applied, s)} />
        </div>
      ) : (
        <EmptyState title={LOGS.empty} />
      )}
    </>
  );
}
