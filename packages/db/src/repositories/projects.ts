import type { ProjectRole } from '@seyir/domain';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../connection.js';
import { projectMembers, projects, users, type ProjectRow } from '../schema/index.js';

export interface TeamMemberRow {
  userId: string;
  username: string;
  email: string;
  role: ProjectRole;
  isOwner: boolean;
}

export interface ProjectWithTeam extends ProjectRow {
  team: TeamMemberRow[];
}

/** A user's standing in a project, or `exists: false` when there is no such project. */
export interface ProjectStandingRow {
  exists: boolean;
  role: ProjectRole | null;
  isOwner: boolean;
}

export async function getProjectStanding(db: Database, projectId: string, userId: string): Promise<ProjectStandingRow> {
  const [row] = await db
    .select({ id: projects.id, role: projectMembers.role, isOwner: projectMembers.isOwner })
    .from(projects)
    .leftJoin(projectMembers, and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, userId)))
    .where(eq(projects.id, projectId));
  if (!row) return { exists: false, role: null, isOwner: false };
  return { exists: true, role: row.role ?? null, isOwner: row.isOwner ?? false };
}

export async function findTeam(db: Database, projectIds: string[]): Promise<Map<string, TeamMemberRow[]>> {
  const teams = new Map<string, TeamMemberRow[]>(projectIds.map((id) => [id, []]));
  if (projectIds.length === 0) return teams;
  const rows = await db
    .select({
      projectId: projectMembers.projectId,
      userId: projectMembers.userId,
      username: users.username,
      email: users.email,
      role: projectMembers.role,
      isOwner: projectMembers.isOwner,
    })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(sql`${projectMembers.projectId} IN ${projectIds}`)
    .orderBy(desc(projectMembers.isOwner), asc(projectMembers.createdAt));
  for (const { projectId, ...member } of rows) teams.get(projectId)?.push(member);
  return teams;
}

/** The projects the user belongs to, newest first, each with its team. */
export async function findProjectsOfUser(db: Database, userId: string): Promise<ProjectWithTeam[]> {
  const rows = await db
    .select({ project: projects })
    .from(projects)
    .innerJoin(projectMembers, and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, userId)))
    .orderBy(desc(projects.createdAt));
  const teams = await findTeam(
    db,
    rows.map((r) => r.project.id),
  );
  return rows.map(({ project }) => ({ ...project, team: teams.get(project.id) ?? [] }));
}

export async function getProject(db: Database, projectId: string): Promise<ProjectWithTeam | undefined> {
  const [row] = await db.select().from(projects).where(eq(projects.id, projectId));
  if (!row) return undefined;
  const teams = await findTeam(db, [row.id]);
  return { ...row, team: teams.get(row.id) ?? [] };
}

type NewProject = { name: string; environments: string[]; ownerId: string };

async function insertProject(tx: Pick<Database, 'insert'>, input: NewProject): Promise<ProjectRow> {
  const [project] = await tx.insert(projects).values(input).returning();
  await tx.insert(projectMembers).values({ projectId: project!.id, userId: input.ownerId, role: 'admin', isOwner: true });
  return project!;
}

/** Creates a project and makes `ownerId` its owner (an admin member flagged is_owner). */
export async function createProject(db: Database, input: NewProject): Promise<ProjectRow> {
  return db.transaction((tx) => insertProject(tx, input));
}

export type CreateProjectWithinLimitResult = { ok: true; project: ProjectRow } | { ok: false; owned: number };

/**
 * Creates a project unless the owner already owns `maxOwned` (null: no limit). The owner's row
 * is locked for the count, so concurrent creations cannot both slip under the limit.
 */
export async function createProjectWithinLimit(db: Database, input: NewProject, maxOwned: number | null): Promise<CreateProjectWithinLimitResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM users WHERE id = ${input.ownerId} FOR UPDATE`);
    const [row] = await tx.select({ n: count() }).from(projects).where(eq(projects.ownerId, input.ownerId));
    const owned = row?.n ?? 0;
    if (maxOwned !== null && owned >= maxOwned) return { ok: false, owned };
    return { ok: true, project: await insertProject(tx, input) };
  });
}

export async function updateProject(
  db: Database,
  projectId: string,
  input: { name?: string | undefined; environments?: string[] | undefined },
): Promise<ProjectRow | undefined> {
  const changes: Partial<typeof projects.$inferInsert> = { updatedAt: new Date() };
  if (input.name !== undefined) changes.name = input.name;
  if (input.environments !== undefined) changes.environments = input.environments;
  const [row] = await db.update(projects).set(changes).where(eq(projects.id, projectId)).returning();
  return row;
}

/**
 * Removes a project's rows. The partitioned `logs` table has no foreign key (checking one on
 * every ingested row would cost more than it guards), so its logs are deleted explicitly; the
 * rest (members, keys, groups, rollups, templates, notes) goes by cascade.
 */
async function deleteProjectRows(tx: Pick<Database, 'execute' | 'delete'>, projectId: string): Promise<boolean> {
  await tx.execute(sql`DELETE FROM logs WHERE project_id = ${projectId}`);
  const rows = await tx.delete(projects).where(eq(projects.id, projectId)).returning({ id: projects.id });
  return rows.length > 0;
}

/** Deletes a project with everything in it: its logs, members, keys, groups and counters. */
export async function deleteProject(db: Database, projectId: string): Promise<boolean> {
  return db.transaction((tx) => deleteProjectRows(tx, projectId));
}

export async function countProjectsOwnedBy(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(projects).where(eq(projects.ownerId, userId));
  return row?.n ?? 0;
}

/**
 * Deletes an account. Projects the user owns alone are deleted with their data; a project the
 * user owns together with a team passes to the longest-standing member of the highest role,
 * so a team never loses its data because one person left.
 */
export async function deleteUserAccount(db: Database, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const owned = await tx.select({ id: projects.id }).from(projects).where(eq(projects.ownerId, userId));
    for (const { id } of owned) {
      const [heir] = await tx
        .select({ userId: projectMembers.userId })
        .from(projectMembers)
        .where(and(eq(projectMembers.projectId, id), sql`${projectMembers.userId} <> ${userId}`))
        .orderBy(sql`CASE ${projectMembers.role} WHEN 'admin' THEN 0 WHEN 'editor' THEN 1 ELSE 2 END`, asc(projectMembers.createdAt))
        .limit(1);
      if (!heir) {
        await deleteProjectRows(tx, id);
        continue;
      }
      await tx.update(projects).set({ ownerId: heir.userId, updatedAt: new Date() }).where(eq(projects.id, id));
      await tx
        .update(projectMembers)
        .set({ role: 'admin', isOwner: true })
        .where(and(eq(projectMembers.projectId, id), eq(projectMembers.userId, heir.userId)));
    }
    await tx.delete(users).where(eq(users.id, userId));
  });
}
