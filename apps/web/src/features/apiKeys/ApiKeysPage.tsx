import { ApiKeyCreateSchema, canDo, type ApiKey } from '@seyir/domain';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CopyButton } from '../../components/CopyButton';
import { Alert, Badge, Button, Card, EmptyState, PageHeader, PageSpinner, TextField } from '../../components/ui';
import { formatDateTime } from '../../lib/dates';
import { useZodForm } from '../../lib/useZodForm';
import { API_KEY_MESSAGES, COMMON } from '../../messages';
import { API_KEYS } from '../../messages/app';
import { errorDetail, errorFields } from '../api/errors';
import { selectCurrentUser } from '../auth/authSlice';
import { standingIn, useGetProjectQuery } from '../projects/projectsApi';
import { toastError, toastSuccess } from '../toasts/toastSlice';
import { useCreateApiKeyMutation, useDeleteApiKeyMutation, useGetApiKeysQuery, useSetApiKeyActiveMutation } from './apiKeysApi';
import { UsageGuide } from './UsageGuide';

/** §4: the list shows the first 8 and last 4 characters; a full key is masked here too. */
export function displayKey(key: string): string {
  if (key.includes('•') || key.length <= 12) return key;
  return `${key.slice(0, 8)}${'•'.repeat(12)}${key.slice(-4)}`;
}

function CreateKeyForm({ projectId, onCreated }: { projectId: string; onCreated(key: ApiKey): void }) {
  const dispatch = useAppDispatch();
  const [createKey, { isLoading }] = useCreateApiKeyMutation();
  const { values, errors, setErrors, setField, handleSubmit, reset } = useZodForm(ApiKeyCreateSchema, { name: '' });
  const onSubmit = handleSubmit(async (data) => {
    try {
      const key = await createKey({ projectId, name: data.name }).unwrap();
      reset();
      onCreated(key);
      dispatch(toastSuccess(API_KEYS.created));
    } catch (error) {
      setErrors(errorFields(error));
      dispatch(toastError(errorDetail(error) ?? API_KEYS.createFailed));
    }
  });
  return (
    <Card as="section" aria-labelledby="create-key" className="mb-6">
      <h2 id="create-key" className="mb-3 font-semibold text-slate-900 dark:text-white">
        {API_KEYS.createTitle}
      </h2>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex-1">
          <TextField label={API_KEYS.name} name="name" placeholder={API_KEYS.namePlaceholder} value={values.name} error={errors.name} onChange={(e) => setField('name', e.target.value)} />
        </div>
        <Button type="submit" className="sm:mt-6" loading={isLoading} loadingText={API_KEYS.creating}>
          {API_KEYS.create}
        </Button>
      </form>
    </Card>
  );
}

/** The full key, shown once after creation, with a copy button, until closed (§4). */
export function NewKeyPanel({ apiKey, onClose }: { apiKey: ApiKey; onClose(): void }) {
  return (
    <Alert tone="success" className="mb-6">
      <p className="font-semibold">{API_KEYS.newKeyTitle}</p>
      <p className="mt-1">{API_KEYS.newKeyText}</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <code data-testid="full-key" className="flex-1 rounded bg-white px-3 py-2 font-mono text-sm break-all text-slate-900 dark:bg-slate-900 dark:text-slate-100">
          {apiKey.key}
        </code>
        <div className="flex gap-2">
          <CopyButton text={apiKey.key} successMessage={API_KEY_MESSAGES.copied} />
          <Button variant="secondary" size="sm" onClick={onClose}>
            {COMMON.close}
          </Button>
        </div>
      </div>
    </Alert>
  );
}

export function ApiKeyTable({ projectId, keys, canManage }: { projectId: string; keys: ApiKey[]; canManage: boolean }) {
  const dispatch = useAppDispatch();
  const [setActive] = useSetApiKeyActiveMutation();
  const [deleteKey, { isLoading: deleting }] = useDeleteApiKeyMutation();
  const [target, setTarget] = useState<ApiKey | null>(null);

  const toggle = async (key: ApiKey) => {
    const active = !key.is_active;
    try {
      await setActive({ projectId, keyId: key._id, active }).unwrap();
      dispatch(toastSuccess(active ? API_KEY_MESSAGES.activated : API_KEY_MESSAGES.deactivated));
    } catch (error) {
      dispatch(toastError(errorDetail(error) ?? API_KEYS.toggleFailed));
    }
  };
  const confirmDelete = async () => {
    if (!target) return;
    try {
      await deleteKey({ projectId, keyId: target._id }).unwrap();
      dispatch(toastSuccess(API_KEY_MESSAGES.deleted));
    } catch (error) {
      dispatch(toastError(errorDetail(error) ?? API_KEYS.deleteFailed));
    }
    setTarget(null);
  };

  return (
    <>
      <div role="region" aria-label={API_KEYS.title} tabIndex={0} className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
        <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-700">
          <caption className="sr-only">{API_KEYS.title}</caption>
          <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:bg-slate-800 dark:text-slate-300">
            <tr>
              <th scope="col" className="px-3 py-2">{API_KEYS.name}</th>
              <th scope="col" className="px-3 py-2">{API_KEYS.key}</th>
              <th scope="col" className="hidden px-3 py-2 md:table-cell">{API_KEYS.createdAt}</th>
              <th scope="col" className="hidden px-3 py-2 md:table-cell">{API_KEYS.lastUsed}</th>
              <th scope="col" className="px-3 py-2">{API_KEYS.status}</th>
              {canManage && <th scope="col" className="px-3 py-2">{API_KEYS.actions}</th>}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {keys.map((k) => (
              <tr key={k._id} data-testid="api-key-row">
                <td className="px-3 py-2 font-medium text-slate-900 dark:text-slate-100">{k.name}</td>
                <td className="px-3 py-2 font-mono text-xs whitespace-nowrap text-slate-700 dark:text-slate-300" data-testid="masked-key">{displayKey(k.key)}</td>
                <td className="hidden px-3 py-2 whitespace-nowrap text-slate-600 md:table-cell dark:text-slate-300">{formatDateTime(k.created_at)}</td>
                <td className="hidden px-3 py-2 whitespace-nowrap text-slate-600 md:table-cell dark:text-slate-300">{k.last_used ? formatDateTime(k.last_used) : API_KEYS.neverUsed}</td>
                <td className="px-3 py-2">
                  {k.is_active ? (
                    <Badge className="bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100">{API_KEYS.active}</Badge>
                  ) : (
                    <Badge>{API_KEYS.inactive}</Badge>
                  )}
                </td>
                {canManage && (
                  <td className="px-3 py-2">
                    <div className="flex flex-wrap gap-2">
                      <Button size="sm" variant="secondary" onClick={() => void toggle(k)}>
                        {k.is_active ? API_KEYS.deactivate : API_KEYS.activate}
                        <span className="sr-only">: {k.name}</span>
                      </Button>
                      <Button size="sm" variant="danger" onClick={() => setTarget(k)}>
                        {COMMON.delete}
                        <span className="sr-only">: {k.name}</span>
                      </Button>
                    </div>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmDialog open={target !== null} title={API_KEYS.deleteTitle} busy={deleting} onConfirm={() => void confirmDelete()} onCancel={() => setTarget(null)}>
        {target ? API_KEYS.deleteText(target.name) : null}
      </ConfirmDialog>
    </>
  );
}

export default function ApiKeysPage() {
  const { projectId = '' } = useParams();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const { data: project } = useGetProjectQuery(projectId);
  const { data: keys, isLoading, isError } = useGetApiKeysQuery(projectId);
  const [created, setCreated] = useState<ApiKey | null>(null);
  const canManage = canDo(standingIn(project, user), 'apiKeys:manage');

  useEffect(() => {
    if (isError) dispatch(toastError(API_KEYS.loadFailed));
  }, [isError, dispatch]);

  return (
    <>
      <PageHeader title={API_KEYS.title} subtitle={project?.name} />
      {canManage && <CreateKeyForm projectId={projectId} onCreated={setCreated} />}
      {created && <NewKeyPanel apiKey={created} onClose={() => setCreated(null)} />}
      <section aria-label={API_KEYS.title} className="mb-6">
        {isLoading ? <PageSpinner /> : keys && keys.length > 0 ? <ApiKeyTable projectId={projectId} keys={keys} canManage={canManage} /> : <EmptyState title={API_KEYS.empty} />}
      </section>
      <UsageGuide environment={project?.environments[0]} />
    </>
  );
}
