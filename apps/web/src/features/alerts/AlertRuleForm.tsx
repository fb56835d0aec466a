import { ALERT_LIMITS, ALERT_TYPES, LOG_LEVELS, type AlertRuleView } from '@seyir/domain';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, CheckboxField, SelectField, TextField } from '../../components/ui';
import { ALERTS } from '../../messages/app';
import { errorDetail } from '../api/errors';
import { useGetPerfRoutesQuery } from '../performance/performanceApi';
import { useGetViewsQuery } from '../views/viewsApi';
import type { AlertRuleBody } from './alertsApi';

/** The form's flat state: one channel of each kind, conditions of every type. */
interface FormState {
  name: string;
  type: AlertRuleView['type'];
  minLevel: string;
  environment: string;
  count: string;
  minutes: string;
  level: string;
  search: string;
  routeId: string;
  p95: string;
  percent: string;
  minRequests: string;
  cooldown: string;
  enabled: boolean;
  emails: string;
  webhookUrl: string;
  webhookSecret: string;
  slackUrl: string;
}

function initialState(rule?: AlertRuleView): FormState {
  const c = (rule?.conditions ?? {}) as Record<string, unknown>;
  const email = rule?.channels.find((ch) => ch.type === 'email');
  const webhook = rule?.channels.find((ch) => ch.type === 'webhook');
  const slack = rule?.channels.find((ch) => ch.type === 'slack');
  return {
    name: rule?.name ?? '',
    type: rule?.type ?? 'new_group',
    minLevel: (c.min_level as string) ?? 'ERROR',
    environment: (c.environment as string | null) ?? '',
    count: String(c.count ?? 100),
    minutes: String(c.minutes ?? 5),
    level: (c.level as string) ?? 'ERROR',
    search: (c.search as string | null) ?? '',
    routeId: c.route_id ? String(c.route_id) : '',
    p95: String(c.p95_ms ?? 500),
    percent: String(c.percent ?? 5),
    minRequests: String(c.min_requests ?? 1),
    cooldown: String(rule?.cooldown_minutes ?? ALERT_LIMITS.defaultCooldownMinutes),
    enabled: rule?.enabled ?? true,
    emails: email && email.type === 'email' ? email.to.join(', ') : '',
    webhookUrl: webhook && webhook.type === 'webhook' ? webhook.url : '',
    webhookSecret: webhook && webhook.type === 'webhook' ? (webhook.secret ?? '') : '',
    slackUrl: slack && slack.type === 'slack' ? slack.url : '',
  };
}

/** Form state → the API body; the server validates it with the domain schema and answers Turkish errors. */
export function toRuleBody(s: FormState): AlertRuleBody {
  const channels: AlertRuleBody['channels'] = [];
  const to = s.emails.split(/[,;\s]+/).map((e) => e.trim()).filter(Boolean);
  if (to.length) channels.push({ type: 'email', to });
  if (s.webhookUrl.trim()) channels.push({ type: 'webhook', url: s.webhookUrl.trim(), ...(s.webhookSecret.trim() ? { secret: s.webhookSecret.trim() } : {}) });
  if (s.slackUrl.trim()) channels.push({ type: 'slack', url: s.slackUrl.trim() });
  const environment = s.environment || null;
  const perf = { route_id: s.routeId || null, minutes: Number(s.minutes), min_requests: Number(s.minRequests), environment };
  const conditions =
    s.type === 'threshold'
      ? { count: Number(s.count), minutes: Number(s.minutes), level: s.level, environment, search: s.search.trim() || null }
      : s.type === 'quota'
        ? {}
        : s.type === 'latency'
          ? { ...perf, p95_ms: Number(s.p95) }
          : s.type === 'error_rate'
            ? { ...perf, percent: Number(s.percent) }
            : { min_level: s.minLevel, environment };
  return { name: s.name.trim(), type: s.type, channels, conditions, cooldown_minutes: Number(s.cooldown), enabled: s.enabled };
}

export function AlertRuleForm({
  projectId,
  rule,
  environments,
  busy,
  onSubmit,
  onCancel,
}: {
  projectId: string;
  rule?: AlertRuleView;
  environments: string[];
  busy: boolean;
  onSubmit(body: AlertRuleBody): Promise<unknown>;
  onCancel?(): void;
}) {
  const [state, setState] = useState<FormState>(() => initialState(rule));
  // A saved view's query can be a threshold rule's search as it is: same language.
  const { data: views = [] } = useGetViewsQuery(projectId, { skip: !projectId });
  const perfType = state.type === 'latency' || state.type === 'error_rate';
  // latency / error_rate rules name one of the routes the project's timings created (last 90 days).
  const { data: perfRoutes } = useGetPerfRoutesQuery({ projectId, days: 90, sort: 'route', limit: 1000 }, { skip: !projectId || !perfType });
  const [problem, setProblem] = useState<string | null>(null);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setState((s) => ({ ...s, [key]: value }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    try {
      await onSubmit(toRuleBody(state));
      if (!rule) setState(initialState());
    } catch (error) {
      setProblem(errorDetail(error) ?? ALERTS.saveFailed);
    }
  };
  const envSelect = (
    <SelectField label={ALERTS.environment} value={state.environment} onChange={(e) => set('environment', e.target.value)}>
      <option value="">{ALERTS.anyEnvironment}</option>
      {environments.map((env) => (
        <option key={env} value={env}>
          {env}
        </option>
      ))}
    </SelectField>
  );
  const titleId = rule ? `edit-rule-${rule.id}` : 'new-rule';
  return (
    <Card as="section" aria-labelledby={titleId} className="mb-6">
      <h2 id={titleId} className="mb-3 font-semibold text-slate-900 dark:text-white">
        {rule ? ALERTS.editRule : ALERTS.newRule}
      </h2>
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
        {problem && (
          <Alert tone="error">
            <span role="alert">{problem}</span>
          </Alert>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={ALERTS.name} placeholder={ALERTS.namePlaceholder} value={state.name} maxLength={ALERT_LIMITS.maxNameLength} onChange={(e) => set('name', e.target.value)} />
          <SelectField label={ALERTS.type} value={state.type} onChange={(e) => set('type', e.target.value as FormState['type'])}>
            {ALERT_TYPES.map((t) => (
              <option key={t} value={t}>
                {ALERTS.types[t]}
              </option>
            ))}
          </SelectField>
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-300">{ALERTS.typeHints[state.type]}</p>
        {(state.type === 'new_group' || state.type === 'regression') && (
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField label={ALERTS.minLevel} value={state.minLevel} onChange={(e) => set('minLevel', e.target.value)}>
              {LOG_LEVELS.map((l) => (
                <option key={l}>{l}</option>
              ))}
            </SelectField>
            {envSelect}
          </div>
        )}
        {state.type === 'threshold' && (
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField label={ALERTS.count} type="number" min={1} max={ALERT_LIMITS.maxThresholdCount} value={state.count} onChange={(e) => set('count', e.target.value)} />
            <TextField label={ALERTS.minutes} type="number" min={1} max={ALERT_LIMITS.maxThresholdMinutes} value={state.minutes} onChange={(e) => set('minutes', e.target.value)} />
            <SelectField label={ALERTS.level} value={state.level} onChange={(e) => set('level', e.target.value)}>
              {LOG_LEVELS.map((l) => (
                <option key={l}>{l}</option>
              ))}
            </SelectField>
            {envSelect}
            <div className="sm:col-span-2">
              <TextField label={ALERTS.search} placeholder={ALERTS.searchPlaceholder} value={state.search} maxLength={ALERT_LIMITS.maxSearchLength} onChange={(e) => set('search', e.target.value)} />
            </div>
            {views.length > 0 && (
              <SelectField
                label={ALERTS.searchFromView}
                value=""
                onChange={(e) => {
                  const view = views.find((v) => v.id === e.target.value);
                  if (view) set('search', view.query);
                }}
              >
                <option value="">{ALERTS.chooseView}</option>
                {views.map((v) => (
                  <option key={v.id} value={v.id}>
                    {v.name}
                  </option>
                ))}
              </SelectField>
            )}
          </div>
        )}
        {perfType && (
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField label={ALERTS.route} value={state.routeId} onChange={(e) => set('routeId', e.target.value)}>
              <option value="">{ALERTS.allRoutes}</option>
              {(perfRoutes?.items ?? []).map((r) => (
                <option key={r.id} value={r.id}>
                  {`${r.method} ${r.route}`}
                </option>
              ))}
            </SelectField>
            {state.type === 'latency' ? (
              <TextField label={ALERTS.p95Ms} type="number" min={1} max={ALERT_LIMITS.maxP95Ms} value={state.p95} onChange={(e) => set('p95', e.target.value)} />
            ) : (
              <TextField
                label={ALERTS.errorPercent}
                type="number"
                min={ALERT_LIMITS.minErrorPercent}
                max={ALERT_LIMITS.maxErrorPercent}
                step="0.01"
                value={state.percent}
                onChange={(e) => set('percent', e.target.value)}
              />
            )}
            <TextField label={ALERTS.perfMinutes} type="number" min={1} max={ALERT_LIMITS.maxPerfMinutes} value={state.minutes} onChange={(e) => set('minutes', e.target.value)} />
            <TextField
              label={ALERTS.minRequests}
              type="number"
              min={1}
              max={ALERT_LIMITS.maxMinRequests}
              hint={ALERTS.minRequestsHint}
              value={state.minRequests}
              onChange={(e) => set('minRequests', e.target.value)}
            />
            {envSelect}
          </div>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={ALERTS.cooldown}
            type="number"
            min={ALERT_LIMITS.minCooldownMinutes}
            max={ALERT_LIMITS.maxCooldownMinutes}
            hint={ALERTS.cooldownHint}
            value={state.cooldown}
            onChange={(e) => set('cooldown', e.target.value)}
          />
          <div className="sm:pt-7">
            <CheckboxField label={ALERTS.enabled} checked={state.enabled} onChange={(e) => set('enabled', e.target.checked)} />
          </div>
        </div>
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">{ALERTS.channels}</legend>
          <p className="text-xs text-slate-500 dark:text-slate-400">{ALERTS.channelsHint}</p>
          <TextField label={ALERTS.emails} hint={ALERTS.emailsHint} placeholder="ekip@ornek.com" value={state.emails} onChange={(e) => set('emails', e.target.value)} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label={ALERTS.webhookUrl} type="url" placeholder="https://…" maxLength={ALERT_LIMITS.maxUrlLength} value={state.webhookUrl} onChange={(e) => set('webhookUrl', e.target.value)} />
            <TextField label={ALERTS.webhookSecret} hint={ALERTS.webhookSecretHint} maxLength={ALERT_LIMITS.maxSecretLength} value={state.webhookSecret} onChange={(e) => set('webhookSecret', e.target.value)} />
          </div>
          <TextField label={ALERTS.slackUrl} type="url" placeholder="https://hooks.slack.com/services/…" maxLength={ALERT_LIMITS.maxUrlLength} value={state.slackUrl} onChange={(e) => set('slackUrl', e.target.value)} />
        </fieldset>
        <div className="flex gap-2">
          <Button type="submit" loading={busy} loadingText={ALERTS.saving}>
            {rule ? ALERTS.save : ALERTS.create}
          </Button>
          {onCancel && (
            <Button variant="secondary" onClick={onCancel}>
              {ALERTS.cancel}
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}
