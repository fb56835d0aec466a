import { useEffect, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { CopyButton } from '../../components/CopyButton';
import { Badge, Card, cx, PageSpinner } from '../../components/ui';
import { formatDateTime } from '../../lib/dates';
import { LOG_DETAIL } from '../../messages/app';
import { toastError } from '../toasts/toastSlice';
import { EnvBadge, LevelBadge } from './LevelBadge';
import { useGetLogQuery } from './logsApi';
import type { LogEntry } from './types';
import { usePageTitle } from '../../lib/usePageTitle';

export type LogDetailTab = 'details' | 'exception' | 'context' | 'request';

function hasContent(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'object') return Object.keys(value as object).length > 0;
  return true;
}

/** §2: the HTTP tab exists only when the log has a request. */
export function tabsFor(log: LogEntry): LogDetailTab[] {
  const tabs: LogDetailTab[] = ['details', 'exception', 'context'];
  if (hasContent(log.request)) tabs.push('request');
  return tabs;
}

function Json({ value }: { value: unknown }) {
  if (!hasContent(value)) return <p className="text-sm text-slate-500 dark:text-slate-400">{LOG_DETAIL.empty}</p>;
  return (
    <pre tabIndex={0} className="max-h-[32rem] overflow-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100 dark:bg-black">
      <code>{JSON.stringify(value, null, 2)}</code>
    </pre>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-4">
      <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="text-sm break-words text-slate-900 sm:col-span-3 dark:text-slate-100">{children}</dd>
    </div>
  );
}

function TabPanel({ log, tab }: { log: LogEntry; tab: LogDetailTab }) {
  switch (tab) {
    case 'details':
      return (
        <dl className="divide-y divide-slate-100 dark:divide-slate-800">
          <Row label={LOG_DETAIL.id}>
            <code>{log._id}</code>
          </Row>
          <Row label={LOG_DETAIL.time}>{formatDateTime(log.timestamp)}</Row>
          <Row label={LOG_DETAIL.level}>
            <LevelBadge level={log.level} />
          </Row>
          <Row label={LOG_DETAIL.environment}>{log.environment || '—'}</Row>
          <Row label={LOG_DETAIL.host}>{log.host || '—'}</Row>
          <Row label={LOG_DETAIL.metadata}>
            <Json value={log.metadata} />
          </Row>
          <Row label={LOG_DETAIL.message}>
            <pre className="font-sans whitespace-pre-wrap">{log.message}</pre>
          </Row>
        </dl>
      );
    case 'exception': {
      const ex = log.exception;
      if (!ex || (!ex.type && !ex.message && !ex.value && !ex.traceback)) return <p className="text-sm text-slate-500 dark:text-slate-400">{LOG_DETAIL.noException}</p>;
      return (
        <div className="space-y-4">
          <dl className="divide-y divide-slate-100 dark:divide-slate-800">
            <Row label={LOG_DETAIL.exceptionType}>
              <code>{ex.type ?? '—'}</code>
            </Row>
            <Row label={LOG_DETAIL.exceptionValue}>{ex.message ?? ex.value ?? '—'}</Row>
          </dl>
          {ex.traceback && (
            <div>
              <h3 className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">{LOG_DETAIL.traceback}</h3>
              <pre tabIndex={0} className="max-h-[32rem] overflow-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100 dark:bg-black">
                <code>{ex.traceback}</code>
              </pre>
            </div>
          )}
        </div>
      );
    }
    case 'context':
      return hasContent(log.context) ? <Json value={log.context} /> : <p className="text-sm text-slate-500 dark:text-slate-400">{LOG_DETAIL.noContext}</p>;
    case 'request': {
      const { reason_phrase, error_details, ...response } = log.response ?? {};
      return (
        <div className="space-y-4">
          <div>
            <h3 className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">{LOG_DETAIL.request}</h3>
            <Json value={log.request} />
          </div>
          <div>
            <h3 className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">{LOG_DETAIL.response}</h3>
            {reason_phrase && (
              <p className="mb-2 text-sm">
                <span className="font-medium">{LOG_DETAIL.reasonPhrase}:</span> {reason_phrase}
              </p>
            )}
            <Json value={response} />
            {error_details?.django_traceback && (
              <>
                <h4 className="mt-3 mb-2 text-sm font-semibold">{LOG_DETAIL.djangoTraceback}</h4>
                <pre tabIndex={0} className="max-h-96 overflow-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100 dark:bg-black">
                  <code>{error_details.django_traceback}</code>
                </pre>
              </>
            )}
          </div>
        </div>
      );
    }
  }
}

/** The four tabs as an ARIA tablist: arrow keys move between tabs. */
export function LogDetailView({ log }: { log: LogEntry }) {
  const tabs = tabsFor(log);
  const [active, setActive] = useState<LogDetailTab>('details');
  const base = useId();
  const onKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const i = tabs.indexOf(active);
    const next = e.key === 'ArrowRight' ? tabs[(i + 1) % tabs.length] : e.key === 'ArrowLeft' ? tabs[(i - 1 + tabs.length) % tabs.length] : undefined;
    if (next) {
      e.preventDefault();
      setActive(next);
      document.getElementById(`${base}-tab-${next}`)?.focus();
    }
  };
  return (
    <>
      <Card className="mb-4">
        <div className="flex flex-wrap items-center gap-2">
          <LevelBadge level={log.level} />
          <EnvBadge environment={log.environment} />
          <span className="text-sm text-slate-600 dark:text-slate-400">{formatDateTime(log.timestamp)}</span>
          <div className="ml-auto">
            <CopyButton text={JSON.stringify(log, null, 2)}>{LOG_DETAIL.copyJson}</CopyButton>
          </div>
        </div>
        <h1 className="mt-3 text-lg font-semibold break-words text-slate-900 dark:text-white">{log.message}</h1>
        {log.tags && log.tags.length > 0 && (
          <ul className="mt-3 flex flex-wrap gap-1" aria-label={LOG_DETAIL.tags}>
            {log.tags.map((t) => (
              <li key={t}>
                <Badge>{t}</Badge>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card>
        <div role="tablist" aria-label={LOG_DETAIL.title} className="-mx-4 -mt-4 mb-4 flex overflow-x-auto border-b border-slate-200 px-2 dark:border-slate-700">
          {tabs.map((tab) => (
            <button
              key={tab}
              id={`${base}-tab-${tab}`}
              type="button"
              role="tab"
              aria-selected={active === tab}
              aria-controls={`${base}-panel-${tab}`}
              tabIndex={active === tab ? 0 : -1}
              onClick={() => setActive(tab)}
              onKeyDown={onKey}
              className={cx(
                'border-b-2 px-3 py-3 text-sm font-medium whitespace-nowrap',
                active === tab ? 'border-indigo-600 text-indigo-700 dark:border-indigo-400 dark:text-indigo-300' : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white',
              )}
            >
              {LOG_DETAIL.tabs[tab]}
            </button>
          ))}
        </div>
        <div id={`${base}-panel-${active}`} role="tabpanel" aria-labelledby={`${base}-tab-${active}`} tabIndex={0}>
          <TabPanel log={log} tab={active} />
        </div>
      </Card>
    </>
  );
}

export default function LogDetailPage() {
  usePageTitle(LOG_DETAIL.title);
  const { projectId = '', logId = '' } = useParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { data: log, isLoading, isError } = useGetLogQuery({ projectId, logId });
  useEffect(() => {
    if (isError) {
      dispatch(toastError(LOG_DETAIL.loadFailed));
      navigate(`/projects/${projectId}/logs`, { replace: true });
    }
  }, [isError, dispatch, navigate, projectId]);
  return (
    <>
      <Link to={`/projects/${projectId}/logs`} className="mb-4 inline-block text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300">
        ← {LOG_DETAIL.back}
      </Link>
      {isLoading || !log ? <PageSpinner /> : <LogDetailView log={log} />}
    </>
  );
}
