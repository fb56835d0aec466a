import { useEffect, useState, type FormEvent } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { Alert, Button, Card, Spinner, TextField } from '../../components/ui';
import { COMMON } from '../../messages';
import { ARCHIVE } from '../../messages/app';
import { errorDetail, errorFields } from '../api/errors';
import { toastError, toastSuccess } from '../toasts/toastSlice';
import { useGetArchiveQuery, useRemoveArchiveMutation, useSaveArchiveMutation, useTestArchiveMutation, type ArchiveSettingsInput } from './archiveApi';
import { formatDateTime } from '../../lib/dates';

const EMPTY: ArchiveSettingsInput = { endpoint: '', region: 'us-east-1', bucket: '', prefix: '', access_key_id: '', secret_access_key: '' };

/** A project admin's S3 archive settings: saved only once the server has proved them; the secret is write-only. */
export function ArchiveSettings({ projectId }: { projectId: string }) {
  const dispatch = useAppDispatch();
  const { data, isLoading } = useGetArchiveQuery(projectId);
  const [save, saving] = useSaveArchiveMutation();
  const [test, testing] = useTestArchiveMutation();
  const [remove, removing] = useRemoveArchiveMutation();
  const [values, setValues] = useState<ArchiveSettingsInput>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (data?.configured) {
      setValues({ endpoint: data.endpoint, region: data.region, bucket: data.bucket, prefix: data.prefix, access_key_id: data.access_key_id, secret_access_key: '' });
    } else if (data) setValues(EMPTY);
  }, [data]);

  const field = (name: keyof ArchiveSettingsInput, label: string, extra: { type?: string; placeholder?: string } = {}) => (
    <TextField label={label} name={name} value={values[name] ?? ''} error={errors[name]} onChange={(e) => setValues({ ...values, [name]: e.target.value })} {...extra} />
  );

  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setErrors({});
    const { secret_access_key, ...rest } = values;
    try {
      await save({ projectId, body: secret_access_key ? { ...rest, secret_access_key } : rest }).unwrap();
      dispatch(toastSuccess(ARCHIVE.saved));
    } catch (error) {
      setErrors(errorFields(error));
      setFailure(errorDetail(error) ?? ARCHIVE.failed);
    }
  };
  const onTest = async () => {
    try {
      dispatch(toastSuccess((await test(projectId).unwrap()).detail));
    } catch (error) {
      dispatch(toastError(errorDetail(error) ?? ARCHIVE.failed));
    }
  };
  const onRemove = async () => {
    try {
      await remove(projectId).unwrap();
    } catch (error) {
      dispatch(toastError(errorDetail(error) ?? ARCHIVE.failed));
    }
  };

  return (
    <Card as="section" aria-labelledby="archive-section" className="mt-6 max-w-2xl">
      <h2 id="archive-section" className="text-lg font-semibold text-slate-900 dark:text-white">
        {ARCHIVE.section}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{ARCHIVE.intro}</p>
      {isLoading ? (
        <Spinner label={COMMON.loading} />
      ) : (
        <form noValidate onSubmit={onSave} className="mt-4 space-y-4">
          {failure && <Alert tone="error">{failure}</Alert>}
          {data?.configured && data.last_error && <Alert tone="warning">{ARCHIVE.lastError(data.last_error)}</Alert>}
          {data?.configured && data.last_archived_at && <p className="text-sm">{ARCHIVE.lastArchived(formatDateTime(data.last_archived_at))}</p>}
          <div className="grid gap-4 sm:grid-cols-2">
            {field('endpoint', ARCHIVE.endpoint, { placeholder: 'https://s3.eu-central-1.amazonaws.com' })}
            {field('region', ARCHIVE.region)}
            {field('bucket', ARCHIVE.bucket)}
            {field('prefix', ARCHIVE.prefix)}
            {field('access_key_id', ARCHIVE.accessKey)}
            {field('secret_access_key', ARCHIVE.secret, { type: 'password', ...(data?.configured ? { placeholder: ARCHIVE.secretStored } : {}) })}
          </div>
          <p className="text-xs text-slate-500 dark:text-slate-400">{ARCHIVE.pathHint(values.prefix.replace(/^\/+|\/+$/g, ''))}</p>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" loading={saving.isLoading}>
              {ARCHIVE.save}
            </Button>
            {data?.configured && (
              <>
                <Button variant="secondary" onClick={onTest} loading={testing.isLoading}>
                  {ARCHIVE.test}
                </Button>
                <Button variant="secondary" onClick={onRemove} loading={removing.isLoading}>
                  {ARCHIVE.remove}
                </Button>
              </>
            )}
          </div>
        </form>
      )}
    </Card>
  );
}
