import { z } from 'zod';
import { requiredString } from '../text/required-string.js';
import { DEFAULT_ENVIRONMENTS, ENVIRONMENT_PATTERN, MAX_ENVIRONMENTS, normalizeEnvironment } from './environments.js';
import { API_KEY_MESSAGES, PROJECT_MESSAGES as M, TEAM_MESSAGES } from './messages.js';

export const PROJECT_ROLES = ['viewer', 'editor', 'admin'] as const;
export type ProjectRole = (typeof PROJECT_ROLES)[number];

const environments = z
  .array(z.string().max(64, { error: M.environmentInvalid }).transform(normalizeEnvironment), { error: M.environmentInvalid })
  .max(MAX_ENVIRONMENTS, { error: M.environmentsMax })
  .transform((list) => [...new Set(list.filter((e) => e !== ''))])
  .refine((list) => list.every((e) => ENVIRONMENT_PATTERN.test(e)), { error: M.environmentInvalid });

const projectName = requiredString(M.nameRequired, { length: 50, message: M.nameMax }).min(3, { error: M.nameMin });

/** POST /api/v1/projects/ (§7): name and environments (default production, staging, development). */
export const ProjectCreateSchema = z.object({
  name: projectName,
  environments: environments.optional().transform((list) => (list && list.length > 0 ? list : [...DEFAULT_ENVIRONMENTS])),
});
export type ProjectCreateInput = z.infer<typeof ProjectCreateSchema>;

/** PUT /api/v1/projects/{id}: any of name and environments. */
export const ProjectUpdateSchema = z.object({
  name: projectName.optional(),
  environments: environments.optional(),
});
export type ProjectUpdateInput = z.infer<typeof ProjectUpdateSchema>;

export const TeamMemberSchema = z.object({
  user_id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(PROJECT_ROLES),
  is_owner: z.boolean(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

export const ProjectSchema = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  environments: z.array(z.string()),
  created_at: z.string(),
  owner_id: z.string(),
  team_members: z.array(TeamMemberSchema),
  /** The calling user's role in the project ('owner' for the owner). */
  my_role: z.enum(['viewer', 'editor', 'admin', 'owner']),
});
export type Project = z.infer<typeof ProjectSchema>;

/** POST /api/v1/projects/{id}/api-keys/ (payload name, §5 API key name). */
export const ApiKeyCreateSchema = z.object({
  name: requiredString(API_KEY_MESSAGES.nameRequired, { length: 50, message: API_KEY_MESSAGES.nameMax }).min(3, {
    error: API_KEY_MESSAGES.nameMin,
  }),
});

/** An API key as listed: only the first 8 and last 4 characters, the middle masked. */
export const ApiKeySchema = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  key: z.string(),
  created_at: z.string(),
  last_used: z.string().nullable(),
  is_active: z.boolean(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

/** POST /api/v1/projects/{id}/members (body user_id, role; default viewer). */
export const MemberAddSchema = z.object({
  user_id: z.string({ error: TEAM_MESSAGES.selectUser }).trim().min(1, { error: TEAM_MESSAGES.selectUser }).max(64),
  role: z.enum(PROJECT_ROLES, { error: TEAM_MESSAGES.roleInvalid }).default('viewer'),
});

/** PUT /api/v1/projects/{id}/members/{userId} (role change). */
export const MemberRoleSchema = z.object({ role: z.enum(PROJECT_ROLES, { error: TEAM_MESSAGES.roleInvalid }) });

/** GET /api/v1/users/search?q= — at least 2 characters (§5 User search). */
export const UserSearchSchema = z.object({
  q: z.string({ error: TEAM_MESSAGES.searchMin }).trim().min(2, { error: TEAM_MESSAGES.searchMin }).max(100),
});

export const UserSearchResultSchema = z.object({ _id: z.string(), id: z.string(), username: z.string(), email: z.string() });
