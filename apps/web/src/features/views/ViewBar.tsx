import type { SavedView } from '@seyir/domain';
import { useState, type FormEvent } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { Button, CheckboxField, TextField } from '../../components/ui';
import { LOGS } from '../../messages/app';
import { VIEWS } from '../../messages/app';
import { errorDetail } from '../api/errors';
import { toastError, toastSuccess } from '../toasts/toastSlice';
import { useCreateViewMutation, useDeleteViewMutation, useUpdateViewMutation } from './viewsApi';

/** Always shown; the optional columns a view can choose. */
const FIXED_COLUMNS = ['timestamp', 'level', 'message'];
const OPTIONAL_COLUMNS = [
  { id: 'environment', label: LOGS.environment },
  { id: 'host', label: LOGS.host },
  { id: 'tags', label: LOGS.tags },
] as const;

export interface ViewBarProps {
  projectId: string;
  /** The query the list shows now. */
  query: string;
  activeView: SavedView | undefined;
  canWrite: boolean;
  onSaved(view: SavedView): void;
  onDeleted(): void;
}

/**
 * Saving the current query as a view (name and columns), and updating or deleting the view that
 * is open. Viewers only see which view is open: the server refuses their writes anyway.
 */
export function ViewBar({ projectId, query, activeView, canWrite, onSaved, onDeleted }: ViewBarProps) {
  const dispatch = useAppDispatch();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState('');
  const [columns, setColumns] = useState<string[]>(['environment', 'host']);
  const [error, setError] = useState<string>();
  const [createView, creating] = useCreateViewMutation();
  const [updateView, updating] = useUpdateViewMutation();
  const [deleteView, deleting] = useDeleteViewMutation();

  const start = () => {
    setName('');
    setColumns(activeView ? activeView.columns.filter((c) => !FIXED_COLUMNS.includes(c)) : ['environment', 'host']);
    setError(undefined);
    setEditing(true);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const result = await createView({ projectId, name, query, columns: [...FIXED_COLUMNS, ...columns] });
    if ('error' in result) return setError(errorDetail(result.error) ?? VIEWS.saveFailed);
    setEditing(false);
    dispatch(toastSuccess(VIEWS.saved(result.data.name)));
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

  return (
    <div className="mb-4 flex flex-wrap items-center gap-2">
      {activeView && (
        <span className="rounded-full bg-indigo-50 px-3 py-1 text-sm font-medium text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200">{VIEWS.active(activeView.name)}</span>
      )}
      {canWrite && activeView && !editing && (
        <>
          <Button size="sm" variant="secondary" onClick={() => void update()} loading={updating.isLoading}>
            {VIEWS.update}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => void remove()} loading={deleting.isLoading}>
            {VIEWS.remove}
          </Button>
        </>
      )}
      {canWrite && !editing && (
        <Button size="sm" variant="secondary" onClick={start}>
          {VIEWS.saveAs}
        </Button>
      )}
      {editing && (
        <form onSubmit={(e) => void submit(e)} className="flex w-full flex-wrap items-end gap-3 rounded-md border border-slate-200 p-3 dark:border-slate-700" aria-label={VIEWS.saveAs}>
          <div className="min-w-56 flex-1">
            <TextField label={VIEWS.name} value={name} onChange={(e) => setName(e.target.value)} error={error} maxLength={100} required autoFocus />
          </div>
          <fieldset className="flex items-center gap-3">
            <legend className="sr-only">{LOGS.columnsLegend}</legend>
            {OPTIONAL_COLUMNS.map((c) => (
              <CheckboxField
                key={c.id}
                label={c.label}
                checked={columns.includes(c.id)}
                onChange={(e) => setColumns((cols) => (e.target.checked ? [...cols, c.id] : cols.filter((x) => x !== c.id)))}
              />
            ))}
          </fieldset>
          <Button type="submit" size="sm" loading={creating.isLoading}>
            {VIEWS.save}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setEditing(false)}>
            {VIEWS.cancel}
          </Button>
        </form>
      )}
    </div>
  );
}
