import type { SqlClient } from '../connection.js';

/** A note on a group, with its author's name (null once the author's account is deleted). */
export interface GroupNoteRow {
  id: string;
  text: string;
  authorUsername: string | null;
  createdAt: Date;
}

interface RawNote {
  id: string;
  text: string;
  username: string | null;
  created_at: Date | string;
}

const toNote = (r: RawNote): GroupNoteRow => ({ id: r.id, text: r.text, authorUsername: r.username, createdAt: new Date(r.created_at) });

/** A group's notes, oldest first. */
export async function findGroupNotes(sql: SqlClient, projectId: string, groupId: string): Promise<GroupNoteRow[]> {
  const { rows } = await sql.query<RawNote>(
    `SELECT n.id, n.text, u.username, n.created_at FROM group_notes n LEFT JOIN users u ON u.id = n.author_id
     WHERE n.project_id = $1 AND n.group_id = $2 ORDER BY n.created_at, n.id`,
    [projectId, groupId],
  );
  return rows.map(toNote);
}

/** Adds a note to a group of the project; undefined when the project has no such group. */
export async function createGroupNote(
  sql: SqlClient,
  input: { projectId: string; groupId: string; authorId: string; text: string; at: Date },
): Promise<GroupNoteRow | undefined> {
  const { rows } = await sql.query<RawNote>(
    `WITH n AS (
       INSERT INTO group_notes (project_id, group_id, author_id, text, created_at)
       SELECT g.project_id, g.id, $3, $4, $5 FROM log_groups g WHERE g.project_id = $1 AND g.id = $2
       RETURNING id, text, author_id, created_at
     )
     SELECT n.id, n.text, u.username, n.created_at FROM n LEFT JOIN users u ON u.id = n.author_id`,
    [input.projectId, input.groupId, input.authorId, input.text, input.at],
  );
  return rows[0] ? toNote(rows[0]) : undefined;
}
