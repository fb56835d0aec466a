import type { ProjectRole } from '../projects/schemas.js';

/** What can be done inside a project. */
export type ProjectAction =
  | 'project:read'
  | 'logs:read'
  | 'notes:write'
  | 'groups:write'
  | 'views:write'
  | 'apiKeys:manage'
  | 'members:manage'
  | 'project:update'
  | 'project:delete'
  | 'alerts:read'
  | 'alerts:manage'
  | 'archive:manage';

/** The caller's standing in one project; `null` role means not a member. */
export interface ProjectStanding {
  role: ProjectRole | null;
  isOwner: boolean;
  isGlobalAdmin: boolean;
}

const ROLE_ACTIONS: Record<ProjectRole, readonly ProjectAction[]> = {
  viewer: ['project:read', 'logs:read', 'alerts:read'],
  editor: ['project:read', 'logs:read', 'alerts:read', 'notes:write', 'groups:write', 'views:write'],
  admin: ['project:read', 'logs:read', 'alerts:read', 'notes:write', 'groups:write', 'views:write', 'apiKeys:manage', 'members:manage', 'project:update', 'alerts:manage', 'archive:manage'],
};

/**
 * The role→permission matrix (§6, ARCHITECTURE "Contracts"): viewer reads; editor also writes
 * notes, group status and saved views; admin also manages keys, members, settings and alert
 * rules (and sees their delivery log); the owner also deletes the project; a global admin
 * may do everything.
 */
export function canDo(standing: ProjectStanding, action: ProjectAction): boolean {
  if (standing.isGlobalAdmin || standing.isOwner) return true;
  if (!standing.role) return false;
  return ROLE_ACTIONS[standing.role].includes(action);
}

/** Whether the caller may see that the project exists at all (non-members get 404). */
export function canSeeProject(standing: ProjectStanding): boolean {
  return standing.isGlobalAdmin || standing.isOwner || standing.role !== null;
}

/** The settings screen shows member management to a global admin, the owner or a project admin (§6). */
export function canManageMembers(standing: ProjectStanding): boolean {
  return canDo(standing, 'members:manage');
}
