import { formatNumberTr, LEVEL_LABELS, LOG_LEVELS } from '@seyir/domain';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { Pagination } from '../../components/Pagination';
import { Button, Card, EmptyState, PageHeader, PageSpinner, SelectField, StatCard, TextField } from '../../components/ui';
import { localInputToIso } from '../../lib/dates';
import { LOGS } from '../../messages/app';
import { useGetProjectQuery } from '../projects/projectsApi';
import { toastError } from '../toasts/toastSlice';
import { useGetLogsQuery } from './logsApi';
import { LogTable } from './LogTable';
import { LOGS_PAGE_SIZE, type LogFilters } from './types';

const FILTER_KEYS = ['level', 'environment', 'search', 'start_time', 'end_time'] as const;
const EMPTY_FILTERS: LogFilters = { level: '', environment: '', search: '', start_time: '', end_time: '' };

function readFilters(params: URLSearchParams): LogFilters {
  const out = { ...EMPTY_FILTERS };
  for (const key of FILTER_KEYS) out[key] = params.get(key) ?? '';
  return out;
}

/** §4 filters: drafted here, applied by the button or Enter, which resets paging; Clear resets all. */
function LogFiltersForm({ applied, environments, onApply }: { applied: LogFilters; environments: string[]; onApply(f: LogFilters): void }) {
  const [draft, setDraft] = useState<LogFilters>(applied);
  useEffect(() => setDraft(applied), [applied]);
  const set = (key: keyof LogFilters, value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(draft);
  };
  return (
    <Card as="section" aria-labelledby="log-filters-title" className="mb-4">
      <h2 id="log-filters-title" className="sr-only">
        {LOGS.filters}
      </h2>
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6" role="search">
        <div className="lg:col-span-2">
          <TextField label={LOGS.search} type="search" placeholder={LOGS.searchPlaceholder} value={draft.search} onChange={(e) => set('search', e.target.value)} />
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
        <TextField label={LOGS.startTime} type="datetime-local" value={draft.start_time} onChange={(e) => set('start_time', e.target.value)} />
        <TextField label={LOGS.endTime} type="datetime-local" value={draft.end_time} onChange={(e) => set('end_time', e.target.value)} />
        <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-6">
          <Button type="submit">{LOGS.apply}</Button>
          <Button
            variant="secondary"
            onClick={() => {
              setDraft(EMPTY_FILTERS);
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
  const { data: project } = useGetProjectQuery(projectId);

  const args = {
    projectId,
    skip,
    limit: LOGS_PAGE_SIZE,
    ...applied,
    start_time: localInputToIso(applied.start_time),
    end_time: localInputToIso(applied.end_time),
  };
  const { data, isLoading, isFetching, isError, refetch } = useGetLogsQuery(args);

  useEffect(() => {
    if (isError) dispatch(toastError(LOGS.loadFailed));
  }, [isError, dispatch]);

  const update = (filters: LogFilters, nextSkip: number) => {
    const next = new URLSearchParams();
    for (const key of FILTER_KEYS) if (filters[key].trim()) next.set(key, filters[key].trim());
    if (nextSkip > 0) next.set('skip', String(nextSkip));
    setParams(next);
  };

  // The cards count the same filters as the list (the list answer's `counts`), live with it.
  const counts = data?.counts;
  const card = (n: number | undefined) => (n === undefined ? '—' : formatNumberTr(n));

  return (
    <>
      <PageHeader title={LOGS.title} subtitle={project?.name} />
      <div className="mb-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label={LOGS.totalCard} value={card(counts?.total)} />
        <StatCard label={LOGS.errorCard} value={card(counts?.error)} tone="red" />
        <StatCard label={LOGS.warningCard} value={card(counts?.warning)} tone="amber" />
        <StatCard label={LOGS.infoCard} value={card(counts?.info)} tone="sky" />
      </div>
      <LogFiltersForm applied={applied} environments={project?.environments ?? []} onApply={(f) => update(f, 0)} />
      {data && data.pending > 0 && (
        <div role="status" className="mb-3 flex items-center justify-between gap-3 rounded-md border border-indigo-200 bg-indigo-50 px-4 py-2 text-sm text-indigo-900 dark:border-indigo-800 dark:bg-indigo-950 dark:text-indigo-100">
          <span>{LOGS.newLogs(data.pending)}</span>
          <Button size="sm" onClick={() => (skip > 0 ? update(applied, 0) : void refetch())}>
            {LOGS.showNew}
          </Button>
        </div>
      )}
      {isLoading ? (
        <PageSpinner />
      ) : data && data.items.length > 0 ? (
        <div aria-busy={isFetching || undefined}>
          <LogTable logs={data.items} caption={LOGS.tableCaption} projectId={projectId} />
          <Pagination skip={skip} limit={LOGS_PAGE_SIZE} total={data.total} shown={data.items.length} onChange={(s) => update(applied, s)} />
        </div>
      ) : (
        <EmptyState title={LOGS.empty} />
      )}
    </>
  );
}
