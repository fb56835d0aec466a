import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../connection.js';
import { apiKeys, projects, type ApiKeyRow } from '../schema/index.js';

export async function createApiKey(
  db: Database,
  input: { projectId: string; name: string; keyHash: string; keyPrefix: string; keyLast4: string; createdBy: string },
): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(input).returning();
  return row!;
}

export async function findApiKeys(db: Database, projectId: string): Promise<ApiKeyRow[]> {
  return db.select().from(apiKeys).where(eq(apiKeys.projectId, projectId)).orderBy(desc(apiKeys.createdAt));
}

export async function setApiKeyActive(db: Database, projectId: string, keyId: string, isActive: boolean): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .update(apiKeys)
    .set({ isActive })
    .where(and(eq(apiKeys.projectId, projectId), eq(apiKeys.id, keyId)))
    .returning();
  return row;
}

export async function deleteApiKey(db: Database, projectId: string, keyId: string): Promise<boolean> {
  const rows = await db
    .delete(apiKeys)
    .where(and(eq(apiKeys.projectId, projectId), eq(apiKeys.id, keyId)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

export interface IngestKey {
  keyId: string;
  projectId: string;
  ownerId: string;
  environments: string[];
  isActive: boolean;
}

/** The key with this hash and its project, for ingest authentication. */
export async function getIngestKeyByHash(db: Database, keyHash: string): Promise<IngestKey | undefined> {
  const [row] = await db
    .select({
      keyId: apiKeys.id,
      projectId: apiKeys.projectId,
      isActive: apiKeys.isActive,
      ownerId: projects.ownerId,
      environments: projects.environments,
    })
    .from(apiKeys)
    .innerJoin(projects, eq(projects.id, apiKeys.projectId))
    .where(eq(apiKeys.keyHash, keyHash));
  return row;
}

/** Records use of a key, writing at most once per `minIntervalMs` (default one minute). */
export async function touchApiKey(db: Database, keyId: string, now: Date, minIntervalMs = 60_000): Promise<void> {
  const threshold = new Date(now.getTime() - minIntervalMs);
  await db
    .update(apiKeys)
    .set({ lastUsed: now })
    .where(and(eq(apiKeys.id, keyId), or(isNull(apiKeys.lastUsed), lt(apiKeys.lastUsed, threshold))));
}

