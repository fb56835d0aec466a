import type { ProjectRole } from '@seyir/domain';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../connection.js';
import { projectMembers } from '../schema/index.js';
import { findTeam, type TeamMemberRow } from './projects.js';
import { uniqueViolation } from './errors.js';

export async function findMembers(db: Database, projectId: string): Promise<TeamMemberRow[]> {
  return (await findTeam(db, [projectId])).get(projectId) ?? [];
}

/** Adds a member; `false` when the user is already in the team. */
export async function addMember(db: Database, projectId: string, userId: string, role: ProjectRole): Promise<boolean> {
  try {
    const rows = await db
      .insert(projectMembers)
      .values({ projectId, userId, role })
      .onConflictDoNothing()
      .returning({ userId: projectMembers.userId });
    return rows.length > 0;
  } catch (error) {
    if (uniqueViolation(error)) return false;
    throw error;
  }
}

/** Removes a non-owner member; answers what happened. */
export async function removeMember(db: Database, projectId: string, userId: string): Promise<'removed' | 'owner' | 'absent'> {
  const [row] = await db
    .select({ isOwner: projectMembers.isOwner })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
  if (!row) return 'absent';
  if (row.isOwner) return 'owner';
  await db.delete(projectMembers).where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
  return 'removed';
}

/** Changes a non-owner member's role. */
export async function updateMemberRole(
  db: Database,
  projectId: string,
  userId: string,
  role: ProjectRole,
): Promise<'updated' | 'owner' | 'absent'> {
  const [row] = await db
    .select({ isOwner: projectMembers.isOwner })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
  if (!row) return 'absent';
  if (row.isOwner) return 'owner';
  await db.update(projectMembers).set({ role }).where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
  return 'updated';
}
