import { AppError, MAX_VIEWS_PER_PROJECT, VIEW_MESSAGES, type SavedView, type SavedViewInput } from '@seyir/domain';
import { createSavedView, deleteSavedView, findSavedViews, updateSavedView, type SavedViewRow, type SavedViewWrite } from '@seyir/db';
import type { AppDeps } from '../deps.js';

type ViewDeps = Pick<AppDeps, 'database'>;

export function presentView(row: SavedViewRow): SavedView {
  return {
    id: row.id,
    project_id: row.projectId,
    name: row.name,
    query: row.query,
    columns: row.columns,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function viewOrThrow(result: SavedViewWrite): SavedView {
  if (result.ok) return presentView(result.view);
  if (result.reason === 'name_taken') throw new AppError('CONFLICT', VIEW_MESSAGES.nameTaken, { fields: { name: VIEW_MESSAGES.nameTaken } });
  if (result.reason === 'limit') throw new AppError('CONFLICT', VIEW_MESSAGES.tooMany(MAX_VIEWS_PER_PROJECT));
  throw new AppError('NOT_FOUND', VIEW_MESSAGES.notFound);
}

export async function listViews(deps: ViewDeps, projectId: string): Promise<SavedView[]> {
  return (await findSavedViews(deps.database.sql, projectId)).map(presentView);
}

export async function addView(deps: ViewDeps, projectId: string, userId: string, input: SavedViewInput): Promise<SavedView> {
  return viewOrThrow(await createSavedView(deps.database, projectId, userId, input, MAX_VIEWS_PER_PROJECT));
}

export async function changeView(deps: ViewDeps, projectId: string, viewId: string, input: SavedViewInput): Promise<SavedView> {
  return viewOrThrow(await updateSavedView(deps.database.sql, projectId, viewId, input));
}

export async function removeView(deps: ViewDeps, projectId: string, viewId: string): Promise<void> {
  if (!(await deleteSavedView(deps.database.sql, projectId, viewId))) throw new AppError('NOT_FOUND', VIEW_MESSAGES.notFound);
}
