import { canDo, checkNewEnvironment, DEFAULT_ENVIRONMENTS, normalizeEnvironment, ProjectCreateSchema } from '@seyir/domain';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectCurrentUser } from '../auth/authSlice';
import { Alert, Button, Card, PageHeader, PageSpinner, TextField } from '../../components/ui';
import { useZodForm } from '../../lib/useZodForm';
import { PROJECT_MESSAGES } from '../../messages';
import { PROJECTS, SHELL } from '../../messages/app';
import { errorDetail, errorFields } from '../api/errors';
import { toastError, toastSuccess } from '../toasts/toastSlice';
import { ArchiveSettings } from '../archive/ArchiveSettings';
import { standingIn, useCreateProjectMutation, useGetProjectQuery, useUpdateProjectMutation } from './projectsApi';

/** §2 environments input: chips with a remove button, an input and an add button. */
export function EnvironmentsEditor({ value, onChange }: { value: string[]; onChange(next: string[]): void }) {
  const [draft, setDraft] = useState('');
  const [warning, setWarning] = useState<string | null>(null);
  const add = () => {
    const verdict = checkNewEnvironment(value, draft);
    if (verdict === 'empty') return;
    if (verdict === 'duplicate') return setWarning(PROJECT_MESSAGES.environmentDuplicate);
    if (verdict === 'invalid') return setWarning(PROJECT_MESSAGES.environmentInvalid);
    onChange([...value, normalizeEnvironment(draft)]);
    setDraft('');
    setWarning(null);
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  };
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">{PROJECTS.environments}</legend>
      {value.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{PROJECTS.noEnvironments}</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {value.map((env) => (
            <li key={env} className="inline-flex items-center gap-1 rounded-full bg-indigo-50 py-1 pr-1 pl-3 text-sm text-indigo-800 ring-1 ring-indigo-200 dark:bg-indigo-950 dark:text-indigo-100 dark:ring-indigo-800">
              {env}
              <button
                type="button"
                className="rounded-full px-1.5 leading-none hover:bg-indigo-200 dark:hover:bg-indigo-800"
                aria-label={PROJECTS.removeEnvironment(env)}
                onClick={() => onChange(value.filter((e) => e !== env))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex items-end gap-2">
        <div className="flex-1">
          <TextField
            label={PROJECTS.environmentInput}
            placeholder={PROJECTS.environmentPlaceholder}
            value={draft}
            onChange={(e) => {
              setDraft(e.target.value);
              setWarning(null);
            }}
            onKeyDown={onKey}
            error={warning ?? undefined}
          />
        </div>
        <div className={warning ? 'mb-7' : undefined}>
          <Button variant="secondary" onClick={add} disabled={draft.trim() === ''}>
            {PROJECTS.addEnvironment}
          </Button>
        </div>
      </div>
    </fieldset>
  );
}

export default function ProjectFormPage() {
  const { projectId } = useParams();
  const editing = !!projectId;
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { data: project, isLoading, isError } = useGetProjectQuery(projectId ?? '', { skip: !editing });
  const [createProject, creating] = useCreateProjectMutation();
  const [updateProject, updating] = useUpdateProjectMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const user = useAppSelector(selectCurrentUser);
  const canEdit = !editing || canDo(standingIn(project, user), 'project:update');
  const { values, errors, setErrors, setField, handleSubmit, reset } = useZodForm(ProjectCreateSchema, {
    name: '',
    environments: [...DEFAULT_ENVIRONMENTS] as string[],
  });

  useEffect(() => {
    if (project) reset({ name: project.name, environments: [...project.environments] });
    // Only a newly loaded project resets the form; `reset` itself changes on every render.
  }, [project]);

  useEffect(() => {
    if (isError) {
      dispatch(toastError(PROJECT_MESSAGES.loadFailed));
      navigate('/projects', { replace: true });
    }
  }, [isError, dispatch, navigate]);

  const onSubmit = handleSubmit(async (data) => {
    setFailure(null);
    try {
      if (editing && projectId) {
        await updateProject({ id: projectId, ...data }).unwrap();
        dispatch(toastSuccess(PROJECT_MESSAGES.updated));
      } else {
        const created = await createProject(data).unwrap();
        dispatch(toastSuccess(PROJECT_MESSAGES.created));
        navigate(`/projects/${created._id}`);
      }
    } catch (error) {
      setErrors(errorFields(error));
      const message = errorDetail(error) ?? (editing ? PROJECT_MESSAGES.updateFailed : PROJECT_MESSAGES.createFailed);
      setFailure(message);
      dispatch(toastError(message));
    }
  });

  if (editing && isLoading) return <PageSpinner />;
  return (
    <>
      <PageHeader title={editing ? (project?.name ?? PROJECTS.editTitle) : PROJECTS.newTitle} subtitle={editing ? PROJECTS.editTitle : undefined} />
      {editing && projectId && (
        <nav aria-label={project?.name ?? PROJECTS.editTitle} className="mb-6 flex flex-wrap gap-2">
          {[
            { to: 'logs', label: SHELL.projectLogs },
            { to: 'groups', label: SHELL.projectGroups },
            { to: 'api-keys', label: SHELL.projectApiKeys },
            { to: 'settings', label: SHELL.projectSettings },
          ].map((l) => (
            <Link key={l.to} to={`/projects/${projectId}/${l.to}`} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700">
              {l.label}
            </Link>
          ))}
        </nav>
      )}
      <Card className="max-w-2xl">
        <form noValidate onSubmit={onSubmit} className="space-y-6">
          <fieldset disabled={!canEdit} className="space-y-6">
          {failure && <Alert tone="error">{failure}</Alert>}
          <TextField label={PROJECTS.name} name="name" placeholder={PROJECTS.namePlaceholder} value={values.name} error={errors.name} onChange={(e) => setField('name', e.target.value)} />
          <EnvironmentsEditor value={values.environments} onChange={(next) => setField('environments', next)} />
          {errors.environments && <Alert tone="error">{errors.environments}</Alert>}
          </fieldset>
          {canEdit && (
            <Button type="submit" loading={creating.isLoading || updating.isLoading}>
              {editing ? PROJECTS.update : PROJECTS.create}
            </Button>
          )}
        </form>
      </Card>
      {editing && projectId && canDo(standingIn(project, user), 'archive:manage') && <ArchiveSettings projectId={projectId} />}
    </>
  );
}
