import type { SqlClient } from '../connection.js';

/** Ids of the projects a user is a member of (the dashboard covers exactly these). */
export async function findMemberProjectIds(sql: SqlClient, userId: string): Promise<string[]> {
  const { rows } = await sql.query<{ project_id: string }>(`SELECT project_id FROM project_members WHERE user_id = $1 ORDER BY project_id`, [userId]);
  return rows.map((r) => r.project_id);
}
