import { canDo, type AlertRuleView } from '@seyir/domain';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Alert, Badge, Button, Card, EmptyState, PageHeader, PageSpinner } from '../../components/ui';
import { formatDateTime } from '../../lib/dates';
import { usePageTitle } from '../../lib/usePageTitle';
import { ALERTS } from '../../messages/app';
import { errorDetail } from '../api/errors';
import { selectCurrentUser } from '../auth/authSlice';
import { standingIn, useGetProjectQuery } from '../projects/projectsApi';
import { toastError, toastSuccess } from '../toasts/toastSlice';
import { AlertRuleForm } from './AlertRuleForm';
import { useCreateAlertRuleMutation, useDeleteAlertRuleMutation, useGetAlertRulesQuery, useTestAlertRuleMutation, useUpdateAlertRuleMutation, type AlertRuleBody } from './alertsApi';
import { DeliveryLog } from './DeliveryLog';

function channelSummary(rule: AlertRuleView): string {
  return rule.channels.map((c) => (c.type === 'email' ? `${ALERTS.channelLabels.email}: ${c.to.join(', ')}` : ALERTS.channelLabels[c.type])).join(' · ');
}

function RuleCard({ projectId, rule, canManage, environments }: { projectId: string; rule: AlertRuleView; canManage: boolean; environments: string[] }) {
  const dispatch = useAppDispatch();
  const [editing, setEditing] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [update, { isLoading: saving }] = useUpdateAlertRuleMutation();
  const [remove, { isLoading: deleting }] = useDeleteAlertRuleMutation();
  const [test, { isLoading: testing }] = useTestAlertRuleMutation();
  const muted = rule.muted_until && new Date(rule.muted_until).getTime() > Date.now() ? rule.muted_until : null;

  const onSave = async (body: AlertRuleBody) => {
    await update({ projectId, alertId: rule.id, body }).unwrap();
    dispatch(toastSuccess(ALERTS.updated));
    setEditing(false);
  };
  const onTest = async () => {
    try {
      await test({ projectId, alertId: rule.id }).unwrap();
      dispatch(toastSuccess(ALERTS.testSent));
    } catch (error) {
      dispatch(toastError(errorDetail(error) ?? ALERTS.testFailed));
    }
  };
  const onDelete = async () => {
    try {
      await remove({ projectId, alertId: rule.id }).unwrap();
      dispatch(toastSuccess(ALERTS.deleted));
    } catch (error) {
      dispatch(toastError(errorDetail(error) ?? ALERTS.deleteFailed));
    }
    setConfirming(false);
  };

  if (editing) return <AlertRuleForm projectId={projectId} rule={rule} environments={environments} busy={saving} onSubmit={onSave} onCancel={() => setEditing(false)} />;
  return (
    <li data-testid="alert-rule">
      <Card className="mb-3">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <h3 className="font-semibold text-slate-900 dark:text-white">{rule.name}</h3>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {ALERTS.types[rule.type]} · {channelSummary(rule)}
            </p>
            <div className="mt-1 flex flex-wrap gap-2">
              <Badge className={rule.enabled ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100' : undefined}>{rule.enabled ? ALERTS.statusActive : ALERTS.statusDisabled}</Badge>
              {muted && <Badge className="bg-amber-100 text-amber-800 dark:bg-amber-900 dark:text-amber-100">{ALERTS.mutedUntil(formatDateTime(muted))}</Badge>}
            </div>
          </div>
          {canManage && (
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="secondary" loading={testing} onClick={() => void onTest()}>
                {ALERTS.test}
                <span className="sr-only">: {rule.name}</span>
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setShowLog((v) => !v)} aria-expanded={showLog}>
                {showLog ? ALERTS.hideDeliveries : ALERTS.deliveries}
                <span className="sr-only">: {rule.name}</span>
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
                {ALERTS.edit}
                <span className="sr-only">: {rule.name}</span>
              </Button>
              <Button size="sm" variant="danger" onClick={() => setConfirming(true)}>
                {ALERTS.delete}
                <span className="sr-only">: {rule.name}</span>
              </Button>
            </div>
          )}
        </div>
        {showLog && (
          <div className="mt-4">
            <DeliveryLog projectId={projectId} alertId={rule.id} name={rule.name} />
          </div>
        )}
      </Card>
      <ConfirmDialog open={confirming} title={ALERTS.deleteTitle} busy={deleting} onConfirm={() => void onDelete()} onCancel={() => setConfirming(false)}>
        {ALERTS.deleteText(rule.name)}
      </ConfirmDialog>
    </li>
  );
}

/** 'Uyarılar': a project's alert rules; admins create, edit, test and delete them and see deliveries. */
export default function AlertsPage() {
  const { projectId = '' } = useParams();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const { data: project } = useGetProjectQuery(projectId);
  const { data: rules, isLoading, isError } = useGetAlertRulesQuery(projectId);
  const [create, { isLoading: creating }] = useCreateAlertRuleMutation();
  const canManage = canDo(standingIn(project, user), 'alerts:manage');
  usePageTitle(ALERTS.title);

  useEffect(() => {
    if (isError) dispatch(toastError(ALERTS.loadFailed));
  }, [isError, dispatch]);

  const onCreate = async (body: AlertRuleBody) => {
    await create({ projectId, body }).unwrap();
    dispatch(toastSuccess(ALERTS.created));
  };
  const environments = project?.environments ?? [];

  return (
    <>
      <PageHeader title={ALERTS.title} subtitle={project?.name} />
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">{ALERTS.intro}</p>
      {canManage ? <AlertRuleForm projectId={projectId} environments={environments} busy={creating} onSubmit={onCreate} /> : project && <Alert className="mb-4">{ALERTS.readOnly}</Alert>}
      <section aria-label={ALERTS.title}>
        {isLoading ? (
          <PageSpinner />
        ) : rules && rules.length > 0 ? (
          <ul>
            {rules.map((rule) => (
              <RuleCard key={rule.id} projectId={projectId} rule={rule} canManage={canManage} environments={environments} />
            ))}
          </ul>
        ) : (
          <EmptyState title={ALERTS.empty} />
        )}
      </section>
    </>
  );
}
