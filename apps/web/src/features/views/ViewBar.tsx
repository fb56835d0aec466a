import { ALWAYS_SHOWN_COLUMNS, VIEW_DEFAULT_COLUMNS, type FieldSummary, type SavedView } from '@seyir/domain';
import { useState, type FormEvent } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { Button, TextField } from '../../components/ui';
import { VIEWS } from '../../messages/app';
import { errorDetail } from '../api/errors';
import { toastError, toastSuccess } from '../toasts/toastSlice';
import { ColumnPicker, viewColumns } from './ColumnPicker';
import { useCreateViewMutation, useDeleteViewMutation, useUpdateViewMutation } from './viewsApi';

export interface ViewBarProps {
  projectId: string;
  /** The query the list shows now. */
  query: string;
  activeView: SavedView | undefined;
  canWrite: boolean;
  /** The project's recent custom keys, offered as custom columns. */
  fields: readonly FieldSummary[];
  onSaved(view: SavedView): void;
  onDeleted(): void;
}

/** The picker's value for a column list: everything but the always-shown columns. */
const chosenOf = (columns: readonly string[]) => columns.filter((c) => !(ALWAYS_SHOWN_COLUMNS as readonly string[]).includes(c));

/**
 * Saving the current query as a view (name and columns), editing the open view (name, columns,
 * and the current query), saving just the current query into it, and deleting it. Viewers only
 * see which view is open: the server refuses their writes anyway.
 */
export function ViewBar({ projectId, query, activeView, canWrite, fields, onSaved, onDeleted }: ViewBarProps) {
  const dispatch = useAppDispatch();
  /** Which form is open: a new view, or the open view's settings. */
  const [mode, setMode] = useState<'create' | 'edit' | null>(null);
  const [name, setName] = useState('');
  const [columns, setColumns] = useState<string[]>(chosenOf(VIEW_DEFAULT_COLUMNS));
  const [error, setError] = useState<string>();
  const [createView, creating] = useCreateViewMutation();
  const [updateView, updating] = useUpdateViewMutation();
  const [deleteView, deleting] = useDeleteViewMutation();

  const open = (next: 'create' | 'edit') => {
    setName(next === 'edit' && activeView ? activeView.name : '');
    setColumns(chosenOf(activeView?.columns ?? VIEW_DEFAULT_COLUMNS));
    setError(undefined);
    setMode(next);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = { projectId, name, query, columns: viewColumns(columns) };
    const result = mode === 'edit' && activeView ? await updateView({ ...body, viewId: activeView.id }) : await createView(body);
    if ('error' in result) return setError(errorDetail(result.error) ?? VIEWS.saveFailed);
    setMode(null);
    dispatch(toastSuccess(mode === 'edit' ? VIEWS.updated(result.data.name) : VIEWS.saved(result.data.name)));
    onSaved(result.data);
  };
  const update = async () => {
    if (!activeView) return;
    const result = await updateView({ projectId, viewId: activeView.id, name: activeView.name, query, columns: activeView.columns });
    if ('error' in result) return void dispatch(toastError(errorDetail(result.error) ?? VIEWS.saveFailed));
    dispatch(toastSuccess(VIEWS.updated(result.data.name)));
    onSaved(result.data);
  };
  const remove = async () => {
    if (!activeView) return;
    const result = await deleteView({ projectId, viewId: activeView.id });
    if ('error' in result) return void dispatch(toastError(errorDetail(result.error) ?? VIEWS.deleteFailed));
    dispatch(toastSuccess(VIEWS.deleted(activeView.name)));
    onDeleted();
  };

  const formTitle = mode === 'edit' && activeView ? VIEWS.editTitle(activeView.name) : VIEWS.saveAs;
  return (
    <div className="mb-4 flex flex-wrap items-center gap-2">
      {activeView && (
        <span className="rounded-full bg-indigo-50 px-3 py-1 text-sm font-medium text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200">{VIEWS.active(activeView.name)}</span>
      )}
      {canWrite && activeView && !mode && (
        <>
          <Button size="sm" variant="secondary" onClick={() => void update()} loading={updating.isLoading}>
            {VIEWS.update}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => open('edit')}>
            {VIEWS.edit}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => void remove()} loading={deleting.isLoading}>
            {VIEWS.remove}
          </Button>
        </>
      )}
      {canWrite && !mode && (
        <Button size="sm" variant="secondary" onClick={() => open('create')}>
          {VIEWS.saveAs}
        </Button>
      )}
      {mode && (
        <form onSubmit={(e) => void submit(e)} className="flex w-full flex-wrap items-end gap-3 rounded-md border border-slate-200 p-3 dark:border-slate-700" aria-label={formTitle}>
          <div className="min-w-0 flex-1 sm:min-w-56">
            <TextField label={VIEWS.name} value={name} onChange={(e) => setName(e.target.value)} error={error} maxLength={100} required autoFocus />
          </div>
          <ColumnPicker value={columns} onChange={setColumns} fields={fields} />
          <div className="flex gap-2">
            <Button type="submit" size="sm" loading={creating.isLoading || updating.isLoading}>
              {VIEWS.save}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setMode(null)}>
              {VIEWS.cancel}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
