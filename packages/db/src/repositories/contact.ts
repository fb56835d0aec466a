import type { Database } from '../connection.js';
import { contactMessages } from '../schema/index.js';

export async function createContactMessage(
  db: Database,
  input: { name: string; email: string; subject: string; message: string; userId: string | null },
): Promise<void> {
  await db.insert(contactMessages).values(input);
}
