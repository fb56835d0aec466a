import { maskApiKey, type ApiKey, type Project, type ProjectRole, type TeamMember, type User } from '@seyir/domain';
import type { ApiKeyRow, ProjectWithTeam, TeamMemberRow, UserRow } from '@seyir/db';

/** Rows → the spec's field names (§3). Both `_id` and `id` are given, as the old front end read either. */
export function presentUser(row: UserRow): User {
  return {
    _id: row.id,
    id: row.id,
    username: row.username,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    is_admin: row.isAdmin,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentMember(row: TeamMemberRow): TeamMember {
  return { user_id: row.userId, username: row.username, email: row.email, role: row.role, is_owner: row.isOwner };
}

export function presentProject(row: ProjectWithTeam, viewerId: string): Project {
  const mine = row.team.find((m) => m.userId === viewerId);
  const myRole: Project['my_role'] = mine?.isOwner ? 'owner' : ((mine?.role as ProjectRole | undefined) ?? 'admin');
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    environments: row.environments,
    created_at: row.createdAt.toISOString(),
    owner_id: row.ownerId,
    team_members: row.team.map(presentMember),
    my_role: myRole,
  };
}

/** A key as listed (masked), or with its full value once, right after creation. */
export function presentApiKey(row: ApiKeyRow, fullKey?: string): ApiKey {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    key: fullKey ?? maskApiKey(row.keyPrefix, row.keyLast4),
    created_at: row.createdAt.toISOString(),
    last_used: row.lastUsed ? row.lastUsed.toISOString() : null,
    is_active: row.isActive,
  };
}
