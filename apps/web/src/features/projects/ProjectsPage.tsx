import { canDo, type Project } from '@seyir/domain';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectCurrentUser } from '../auth/authSlice';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Card, PageHeader, PageSpinner } from '../../components/ui';
import { formatDay } from '../../lib/dates';
import { PROJECT_MESSAGES } from '../../messages';
import { PROJECTS } from '../../messages/app';
import { EnvBadge } from '../logs/LevelBadge';
import { useShellProjects } from '../shell/AppLayout';
import { toastError, toastSuccess } from '../toasts/toastSlice';
import { standingIn, useDeleteProjectMutation } from './projectsApi';

export default function ProjectsPage() {
  const dispatch = useAppDispatch();
  const { projects, projectsLoading } = useShellProjects();
  const user = useAppSelector(selectCurrentUser);
  const [target, setTarget] = useState<Project | null>(null);
  const [deleteProject, { isLoading }] = useDeleteProjectMutation();

  const onConfirm = async () => {
    if (!target) return;
    try {
      await deleteProject(target._id).unwrap();
      dispatch(toastSuccess(PROJECT_MESSAGES.deleted));
    } catch {
      dispatch(toastError(PROJECT_MESSAGES.deleteFailed));
    }
    setTarget(null);
  };

  if (projectsLoading) return <PageSpinner />;
  return (
    <>
      <PageHeader title={PROJECTS.title} subtitle={PROJECTS.subtitle} />
      {projects.length === 0 && <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">{PROJECTS.empty}</p>}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {projects.map((p) => (
          <li key={p._id}>
            <Card as="article" className="flex h-full flex-col">
              <div className="flex items-start justify-between gap-2">
                <h2 className="text-lg font-semibold break-words text-slate-900 dark:text-white">{p.name}</h2>
                {canDo(standingIn(p, user), 'project:delete') && (
                  <button
                    type="button"
                    onClick={() => setTarget(p)}
                    className="rounded p-1 text-slate-500 hover:bg-red-50 hover:text-red-700 dark:text-slate-400 dark:hover:bg-red-950 dark:hover:text-red-300"
                    aria-label={PROJECTS.deleteButton(p.name)}
                  >
                    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
                      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 002 2h6a2 2 0 002-2l1-12M9 7V4h6v3" />
                    </svg>
                  </button>
                )}
              </div>
              <ul className="mt-3 flex flex-wrap gap-1" aria-label={PROJECTS.environments}>
                {p.environments.map((env) => (
                  <li key={env}>
                    <EnvBadge environment={env} />
                  </li>
                ))}
              </ul>
              <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{PROJECTS.createdAt(formatDay(p.created_at))}</p>
              <p className="text-sm text-slate-600 dark:text-slate-400">{PROJECTS.members(p.team_members?.length ?? 0)}</p>
              <div className="mt-4 flex-1" />
              <Link to={`/projects/${p._id}`} className="text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300">
                {PROJECTS.view}
                <span className="sr-only">: {p.name}</span>
              </Link>
            </Card>
          </li>
        ))}
        <li>
          <Link
            to="/projects/new"
            className="flex h-full min-h-40 flex-col items-center justify-center rounded-lg border-2 border-dashed border-slate-300 p-4 text-center text-slate-600 hover:border-indigo-400 hover:text-indigo-700 dark:border-slate-700 dark:text-slate-300 dark:hover:text-indigo-300"
          >
            <span aria-hidden="true" className="text-3xl">+</span>
            <span className="font-medium">{PROJECTS.createCard}</span>
            <span className="mt-1 text-sm">{PROJECTS.createCardText}</span>
          </Link>
        </li>
      </ul>
      <ConfirmDialog open={target !== null} title={PROJECTS.deleteTitle} busy={isLoading} onConfirm={() => void onConfirm()} onCancel={() => setTarget(null)}>
        {target ? PROJECTS.deleteText(target.name) : null}
      </ConfirmDialog>
    </>
  );
}
