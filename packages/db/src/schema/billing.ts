import { bigint, boolean, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { projects, users } from './accounts.js';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const planChanges = pgTable(
  'plan_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromPlan: text('from_plan').notNull(),
    toPlan: text('to_plan').notNull(),
    amountKurus: integer('amount_kurus').notNull(),
    daysRemaining: integer('days_remaining').notNull(),
    daysInMonth: integer('days_in_month').notNull(),
    beta: boolean('beta').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('plan_changes_user_idx').on(t.userId, t.createdAt)],
);
export type PlanChangeRow = typeof planChanges.$inferSelect;

export const projectArchives = pgTable('project_archives', {
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  endpoint: text('endpoint').notNull(),
  region: text('region').notNull().default('us-east-1'),
  bucket: text('bucket').notNull(),
  prefix: text('prefix').notNull().default(''),
  accessKeyId: text('access_key_id').notNull(),
  secretEncrypted: text('secret_encrypted').notNull(),
  lastArchivedAt: timestamptz('last_archived_at'),
  lastError: text('last_error'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
export type ProjectArchiveRow = typeof projectArchives.$inferSelect;

export const archiveExports = pgTable(
  'archive_exports',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    objectKey: text('object_key').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    logCount: bigint('log_count', { mode: 'number' }).notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.day] })],
);
export type ArchiveExportRow = typeof archiveExports.$inferSelect;

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);
